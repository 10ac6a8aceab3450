import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import type { Schema } from '#domain/rules';
import { ruleError } from './zod-rule';

type FieldPath = ReadonlyArray<string | number>;

/**
 * A rule for one field of a form that a shared schema checks as a whole: the field shows the
 * first issue the schema reports at its path. So cross-field rules (an email's subject) and list
 * items (`conditions.0.value`) carry the server's messages, and since the rule runs again on each
 * change, an error clears as soon as its field is valid. `toPayload` turns the form's values into
 * what the schema checks.
 */
export function schemaRule<Values>(schema: Schema, toPayload: (values: Values) => unknown, path: FieldPath): Rule {
  const key = path.join('.');
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(toPayload(getFieldsValue(true) as Values));
      const issue = result.success ? undefined : result.error.issues.find((candidate) => candidate.path.join('.') === key);
      if (issue) throw ruleError(issue.message);
    },
  });
}

/**
 * A form checked when first submitted, then again on every change: errors appear on submit (not
 * while the owner is still filling in) and clear as soon as a field is fixed. `validate` runs
 * every rule; false, with the errors under their fields, when any fails.
 */
export function useSubmitValidation(form: FormInstance) {
  const [submitted, setSubmitted] = useState(false);
  return {
    validateTrigger: submitted ? 'onChange' : ([] as string[]),
    async validate() {
      setSubmitted(true);
      try {
        await form.validateFields();
        return true;
      } catch {
        return false;
      }
    },
  };
}
