"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormField } from "@/components/forms/FormField";
import { callApi, messageOf, succeeded } from "@/lib/site/api-client";
import { profileSchema, type ProfileInput, type ProfileUpdate } from "@/lib/validation/profile";

export type ProfileData = { name: string; email: string; education: string; linkdedin: string; location: string; phoneNumber: string };

const FIELDS = ["name", "education", "linkdedin", "location", "phoneNumber"] as const;

const formValues = (profile: ProfileData): ProfileInput => ({
  name: profile.name,
  education: profile.education,
  linkdedin: profile.linkdedin,
  location: profile.location,
  phoneNumber: profile.phoneNumber,
});

/** The reply's profile when it has the expected shape, else what was sent laid over the old one. */
function profileFromReply(result: unknown, sent: ProfileData): ProfileData {
  if (typeof result !== "object" || result === null) return sent;
  const record = result as Record<string, unknown>;
  const next = { ...sent };
  for (const key of FIELDS) if (typeof record[key] === "string") next[key] = record[key];
  return next;
}

/** SPEC 2's profile: the values, and an update button that reveals the edit form (SPEC 4). */
export function ProfilePanel({ initialProfile }: { initialProfile: ProfileData }) {
  const [profile, setProfile] = useState(initialProfile);
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileUpdate>({ resolver: zodResolver(profileSchema), defaultValues: formValues(profile) });

  // Keyboard users land in the form when it opens, and back on the update button when it closes.
  const updateButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) setFocus("name");
    else if (wasEditing.current) updateButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, setFocus]);

  const close = (shown: ProfileData) => {
    reset(formValues(shown));
    setEditing(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    const sent: ProfileData = {
      email: profile.email,
      name: values.name ?? "",
      education: values.education ?? "",
      linkdedin: values.linkdedin ?? "",
      location: values.location ?? "",
      phoneNumber: values.phoneNumber ?? "",
    };
    const reply = await callApi("PUT", `/user/profile/${encodeURIComponent(profile.email)}`, sent);
    if (!succeeded(reply)) {
      // Unlike the original, a failure is said; the form stays open with what was typed, to try again.
      toast.error("The profile was not updated", { description: messageOf(reply, `The shop answered with an error (HTTP ${reply.status}).`) });
      return;
    }
    toast.success("successfuly updated");
    const updated = profileFromReply(reply.body.result, sent);
    setProfile(updated);
    close(updated);
  });

  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <Row label="Name" value={profile.name} />
        <Row label="Email" value={profile.email} />
        <Row label="Education" value={profile.education} />
        <Row label="Location" value={profile.location} />
        <Row label="Phone number" value={profile.phoneNumber} />
        <dt className="font-medium text-slate-700">Professional profile</dt>
        <dd>
          {profile.linkdedin ? (
            <a href={profile.linkdedin} rel="noopener noreferrer nofollow" className="break-all text-brand-700 underline">
              {profile.linkdedin}
            </a>
          ) : (
            <NotSet />
          )}
        </dd>
      </dl>

      {editing ? (
        <form onSubmit={onSubmit} noValidate aria-labelledby="profile-form-heading" className="mt-8 flex max-w-lg flex-col gap-4 rounded-lg border border-slate-200 p-6">
          <h2 id="profile-form-heading" className="text-xl font-bold">
            Update your profile
          </h2>
          <p className="text-sm text-slate-600">Every field is optional; leave one empty to clear it.</p>
          <FormField id="profile-name" label="Name" type="text" autoComplete="name" registration={register("name")} error={errors.name?.message} />
          <FormField id="profile-education" label="Education" type="text" registration={register("education")} error={errors.education?.message} />
          <FormField id="profile-location" label="Location" type="text" autoComplete="address-level2" registration={register("location")} error={errors.location?.message} />
          <FormField id="profile-phone" label="Phone number" type="text" autoComplete="tel" registration={register("phoneNumber")} error={errors.phoneNumber?.message} />
          <FormField
            id="profile-link"
            label="Professional profile link"
            type="url"
            placeholder="https://www.linkedin.com/in/your-name"
            registration={register("linkdedin")}
            error={errors.linkdedin?.message}
          />
          <div className="flex gap-3">
            <button type="submit" disabled={isSubmitting} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
              {isSubmitting ? "Saving…" : "Save profile"}
            </button>
            <button type="button" onClick={() => close(profile)} className="rounded border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button ref={updateButton} type="button" onClick={() => setEditing(true)} className="mt-6 rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
          Update profile
        </button>
      )}
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-words">{value || <NotSet />}</dd>
    </>
  );
}

function NotSet() {
  return <span className="text-slate-500">Not set</span>;
}
