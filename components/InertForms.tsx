"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";

// SPEC 1: the contact form and the newsletter box have no submit behaviour. Their buttons are
// plain buttons (so nothing submits, reloads or navigates, even before hydration) and say so kindly.

const prevent = (event: FormEvent) => event.preventDefault();

function InertNotice({ message }: { message: string | null }) {
  return (
    <p role="status" className="min-h-6 text-sm font-medium text-brand-900">
      {message}
    </p>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

const inputClass = "rounded border border-slate-400 bg-white px-3 py-2 text-slate-900";
const buttonClass = "rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900";

export function ContactForm() {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form aria-labelledby="contact-heading" onSubmit={prevent} className="flex flex-col gap-4">
      <Field label="Your name">{(id) => <input id={id} name="name" autoComplete="name" className={inputClass} />}</Field>
      <Field label="Email">{(id) => <input id={id} name="email" type="email" autoComplete="email" className={inputClass} />}</Field>
      <Field label="Message">{(id) => <textarea id={id} name="message" rows={4} className={inputClass} />}</Field>
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className={`${buttonClass} self-start`}
          onClick={() => setMessage("Thanks for writing! This form is a preview and does not send messages yet, so please email hello@autoparts.example instead.")}
        >
          Send message
        </button>
        <InertNotice message={message} />
      </div>
    </form>
  );
}

export function NewsletterForm() {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form aria-labelledby="newsletter-heading" onSubmit={prevent} className="flex flex-col gap-3">
      <Field label="Email for the newsletter">
        {(id) => <input id={id} name="newsletter-email" type="email" autoComplete="email" className={inputClass} />}
      </Field>
      <button
        type="button"
        className={`${buttonClass} self-start`}
        onClick={() => setMessage("Thank you! The newsletter is not live yet, so nothing was sent and you are not subscribed.")}
      >
        Subscribe
      </button>
      <InertNotice message={message} />
    </form>
  );
}
