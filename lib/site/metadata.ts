import type { Metadata } from "next";
import { absoluteUrl, SITE_NAME } from "@/lib/site/site";

type PageMeta = {
  /** Fills the root layout's "%s | AutoParts Hub" template, unless `absoluteTitle` is set. */
  title: string;
  absoluteTitle?: boolean;
  description: string;
  /** Path of the canonical URL, e.g. "/parts?page=2". */
  path: string;
  image?: { url: string; alt: string };
  type?: "website" | "article" | "profile";
  noindex?: boolean;
};

/** Title, description, canonical URL, Open Graph and Twitter card for one page, all absolute. */
export function pageMetadata({ title, absoluteTitle, description, path, image, type = "website", noindex }: PageMeta): Metadata {
  const url = absoluteUrl(path);
  const fullTitle = absoluteTitle ? title : `${title} | ${SITE_NAME}`;
  const images = image ? [{ url: absoluteUrl(image.url), alt: image.alt }] : undefined;
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: url },
    openGraph: { type, url, siteName: SITE_NAME, title: fullTitle, description, locale: "en_US", images },
    twitter: { card: image ? "summary_large_image" : "summary", title: fullTitle, description, images: images?.map((i) => i.url) },
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
