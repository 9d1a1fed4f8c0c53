/** Structured data for crawlers; the text is already escaped by serializeJsonLd. */
export function JsonLdScript({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
