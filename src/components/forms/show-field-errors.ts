import type { FormInstance } from 'antd';
import type { FieldErrors } from '#domain/rules';

/**
 * Puts `{ field: message }` errors (the API's `errors`, or the shared rules' `fieldErrors`) under
 * their form fields; nested paths such as `conditions.0.value` reach list items.
 */
export function showFieldErrors(form: FormInstance, errors: FieldErrors | undefined) {
  if (!errors) return;
  form.setFields(
    Object.entries(errors).map(([path, message]) => ({
      name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [message],
    })),
  );
}
