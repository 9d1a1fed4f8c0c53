import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-700">The page you are looking for is not found. It may have moved, or the address may be mistyped.</p>
      <Link href="/" className="mt-8 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white">
        Back to the home page
      </Link>
    </div>
  );
}
