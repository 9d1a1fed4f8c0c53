"use client";

import { useEffect, useRef, type SelectHTMLAttributes } from "react";

/**
 * A select that sends its form as soon as a choice is made; without JavaScript the form's button
 * does it. A choice made before the page's JavaScript ran is sent once it has.
 */
export function AutoSubmitSelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  const select = useRef<HTMLSelectElement>(null);
  const { defaultValue } = props;
  useEffect(() => {
    const element = select.current;
    if (element && element.value !== String(defaultValue ?? "")) element.form?.requestSubmit();
  }, [defaultValue]);
  return <select ref={select} {...props} onChange={(event) => event.currentTarget.form?.requestSubmit()} />;
}
