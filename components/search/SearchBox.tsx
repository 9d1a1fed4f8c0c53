"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { answersTyped, countAnnouncement, KIND_NAMES, markedPieces, movedActive, type SuggestionAnswer, TYPING_PAUSE_MS, worthAsking } from "@/components/search/suggestion-box";

const NO_ANSWER: SuggestionAnswer = { query: "", suggestions: [] };

/**
 * The header's search: a plain GET form to /parts, so without JavaScript Enter shows the results.
 * With it, the text box is a WAI-ARIA 1.2 combobox whose listbox offers GET /search/suggestions'
 * answer for the text typed so far. The focus stays in the text box; the arrows move the active
 * option (aria-activedescendant), Enter takes it or searches the text, Escape closes the list (a
 * second Escape clears the text), Tab leaves. Every visitor gets the same markup: the page stays cached.
 */
export function SearchBox() {
  const router = useRouter();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [typed, setTyped] = useState("");
  const [answer, setAnswer] = useState<SuggestionAnswer>(NO_ANSWER);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announced, setAnnounced] = useState("");
  const asking = useRef<AbortController | null>(null);
  const pause = useRef<number | undefined>(undefined);
  const latest = useRef("");
  const focused = useRef(false);

  useEffect(() => () => {
    window.clearTimeout(pause.current);
    asking.current?.abort();
  }, []);

  const suggestions = answer.suggestions;
  // An answer to an older text is never offered: Enter must not open what the box no longer says.
  const expanded = open && suggestions.length > 0 && answersTyped(answer, typed);

  async function ask(text: string) {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    try {
      const reply = await fetch(`/search/suggestions?q=${encodeURIComponent(text)}`, { signal: controller.signal });
      if (!reply.ok) return;
      const received = (await reply.json()) as SuggestionAnswer;
      // Aborting covers this browser's requests; the query check covers any answer that still arrives late.
      if (!answersTyped(received, latest.current)) return;
      setAnswer(received);
      setActive(-1);
      // An answer arriving after the focus left waits for the next focus rather than cover the page.
      setOpen(focused.current);
      setAnnounced(countAnnouncement(received.suggestions.length));
    } catch {
      // Aborted by a newer text, or offline: the box still searches on Enter.
    }
  }

  function typedNow(text: string) {
    setTyped(text);
    setActive(-1);
    latest.current = text;
    window.clearTimeout(pause.current);
    if (!worthAsking(text)) {
      asking.current?.abort();
      setAnswer(NO_ANSWER);
      setOpen(false);
      setAnnounced("");
      return;
    }
    pause.current = window.setTimeout(() => void ask(text), TYPING_PAUSE_MS);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(href: string) {
    close();
    router.push(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!open && suggestions.length > 0 && answersTyped(answer, typed)) {
        event.preventDefault();
        setOpen(true);
        setActive(event.key === "ArrowDown" ? 0 : suggestions.length - 1);
        return;
      }
      if (!expanded) return;
      event.preventDefault();
      setActive(movedActive(active, suggestions.length, event.key));
    } else if (event.key === "Enter" && expanded && suggestions[active]) {
      event.preventDefault();
      go(suggestions[active].href);
    } else if (event.key === "Escape") {
      // The first Escape only closes the list; the next clears the text, as a search field does.
      if (expanded) {
        event.preventDefault();
        close();
      } else typedNow("");
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = typed.trim();
    go(text ? `/parts?q=${encodeURIComponent(text)}` : "/parts");
  }

  // Tab, or a click elsewhere: the list closes once the focus has left the whole search.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    focused.current = false;
    close();
  };

  return (
    <form role="search" aria-label="Shop" action="/parts" method="get" onSubmit={onSubmit} onBlur={onBlur} className="relative flex w-full">
      <label htmlFor={`${id}-q`} className="sr-only">
        Search the shop
      </label>
      <input
        id={`${id}-q`}
        name="q"
        // "text", not "search": HTML allows the combobox role on a text field only.
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        maxLength={100}
        enterKeyHint="search"
        placeholder="Parts, numbers, vehicles"
        value={typed}
        onChange={(event) => typedNow(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          focused.current = true;
          setOpen(true);
        }}
        className="min-w-0 flex-1 rounded-l border border-slate-400 px-3 py-1.5 text-sm"
      />
      <button type="submit" className="rounded-r border border-l-0 border-slate-400 bg-slate-50 px-3 text-sm font-medium hover:bg-brand-50 hover:text-brand-700">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="M13 13l4.5 4.5" />
        </svg>
        <span className="sr-only">Search</span>
      </button>
      {/* Pressing on an option must not blur the box first: the list would close under the click. */}
      <div id={listId} role="listbox" aria-label="Suggestions" hidden={!expanded} onMouseDown={(event) => event.preventDefault()} className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded border border-slate-300 bg-white py-1 shadow-lg">
        {suggestions.map((suggestion, i) => (
          <Link
            key={`${suggestion.kind}:${suggestion.href}`}
            id={`${listId}-${i}`}
            href={suggestion.href}
            prefetch={false}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            onClick={close}
            className={`flex items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50"}`}
          >
            <span className="min-w-0 truncate">
              {markedPieces(suggestion.label, suggestion.highlights).map((piece, n) => (piece.marked ? <mark key={n} className="bg-transparent font-semibold text-inherit">{piece.text}</mark> : piece.text))}
            </span>
            {KIND_NAMES[suggestion.kind] ? <span className="shrink-0 text-xs text-slate-500">{KIND_NAMES[suggestion.kind]}</span> : null}
          </Link>
        ))}
      </div>
      {/* A live region rather than role=status: the page's own status (a catalogue's count, a toast) stays the one status on the page. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announced}
      </p>
    </form>
  );
}
