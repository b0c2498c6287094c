import { useEffect, useRef, useState } from 'react';

/**
 * A filter form's draft of filters applied with its submit button (the history's and the event browser's). The
 * applied filters live in the URL, so back/forward or a link can change them from outside the form: then the form
 * shows them. Compared by value (the parent builds a new object each render), and not when the change is the form's
 * own (the URL updates a moment later, and must not wipe what the admin typed meanwhile).
 */
export function useFilterDraft<F extends Record<string, string>>(filters: F, onApply: (filters: F) => void) {
  const [draft, setDraft] = useState(filters);
  const applied = JSON.stringify(filters);
  const ownChange = useRef(applied);
  useEffect(() => {
    if (applied !== ownChange.current) setDraft(JSON.parse(applied) as F);
    ownChange.current = applied;
  }, [applied]);
  const apply = (next: F) => {
    ownChange.current = JSON.stringify(next);
    setDraft(next);
    onApply(next);
  };
  const set = (key: keyof F) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [key]: event.target.value });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  return { draft, set, apply, submit };
}
