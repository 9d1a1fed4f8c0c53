// Next answers a POST that names no server action of this build (a malformed or unknown
// Next-Action header, a form field "$ACTION_ID_…" of nobody's, a page left open across a
// deployment) with a short text reply, but first warns with the error's whole stack: three lines or
// more per request, which anyone can send in bulk. The warning is kept, as one line.

const UNRECOGNIZED_ACTION = /^(Failed to find Server Action|The Server Reference ID did not match|Invalid Server Actions request)/;

/** Next's message up to its "Read more" link, with the client's id escaped so it cannot start a line of its own. */
function oneLine(message: string): string {
  return JSON.stringify(message.split("\nRead more:", 1)[0]).slice(1, -1);
}

export function installUnrecognizedActionLog(): void {
  const globalFlag = globalThis as typeof globalThis & { __autopartsActionLog?: boolean };
  if (globalFlag.__autopartsActionLog) return;
  globalFlag.__autopartsActionLog = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]): void => {
    const [first] = args;
    if (args.length === 1 && first instanceof Error && UNRECOGNIZED_ACTION.test(first.message)) warn(`[server] refused server action: ${oneLine(first.message)}`);
    else warn(...args);
  };
}
