/**
 * A plain form (app/signout/route.ts), so Sign Out works without JavaScript on the cached pages too;
 * the reply is a full load of the home page, so every part of the page is drawn afresh.
 */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <form method="post" action="/signout">
      <button type="submit" className={`${className ?? ""} w-full text-left font-medium`}>
        Sign Out
      </button>
    </form>
  );
}
