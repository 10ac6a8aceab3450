import { useState } from 'react';

/** The spec's forms validate on submit first, then revalidate on every change. */
export function useValidateOnSubmitThenChange() {
  const [submitted, setSubmitted] = useState(false);
  return {
    validateTrigger: submitted ? ['onChange', 'onSubmit'] : 'onSubmit',
    onSubmitCapture: () => setSubmitted(true),
  };
}
