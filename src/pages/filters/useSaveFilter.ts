import { useCreate, useUpdate, type HttpError } from '@refinedev/core';
import type { FormInstance } from 'antd';
import { contactFilterFormSchema, toContactFilterPayload, type ContactFilter, type ContactFilterForm } from '#domain/filters';
import { toasts } from '#domain/messages';
import type { FieldErrors } from '#domain/rules';
import { useSubmitValidation } from '../../components/forms/schema-rule';
import { showFieldErrors } from '../../components/forms/show-field-errors';

/** The API's field paths (spec payload) as the dialog's form paths. */
function toFormPaths(errors: FieldErrors | undefined): FieldErrors | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path.replace(/^contactFilter\.name$/, 'filterName').replace(/^contactFilterItems\./, 'conditions.'),
      message,
    ]),
  );
}

type Options = { businessId: number; filter?: ContactFilter; onSaved(filter: ContactFilter): void };

/** The filter dialog's submit: checked with the shared rules, then created (or, given a filter, updated) by Refine. */
export function useSaveFilter(form: FormInstance<ContactFilterForm>, { businessId, filter, onSaved }: Options) {
  const { mutate: create, mutation: creation } = useCreate<ContactFilter>();
  const { mutate: update, mutation: updating } = useUpdate<ContactFilter>();
  const validation = useSubmitValidation(form);

  const callbacks = {
    onSuccess: ({ data }: { data: ContactFilter }) => {
      form.resetFields();
      onSaved(data);
    },
    // The server's refusals go under the fields too (a taken name is a 409 without field errors).
    onError: (error: HttpError) =>
      showFieldErrors(form, error.statusCode === 409 ? { filterName: error.message } : toFormPaths(error.errors as FieldErrors | undefined)),
  };
  // What the fields show needs no toast too.
  const errorNotification = (error?: HttpError) => (error?.statusCode === 409 || error?.errors ? false : undefined);

  const submit = async () => {
    if (!(await validation.validate())) return;
    const parsed = contactFilterFormSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) return;
    const payload = toContactFilterPayload(parsed.data, businessId);
    if (filter) {
      update(
        {
          resource: 'contactFilters',
          id: filter.id,
          values: { contactFilter: { name: payload.contactFilter.name }, contactFilterItems: payload.contactFilterItems },
          successNotification: () => ({ type: 'success', ...toasts.contactFilterUpdated }),
          errorNotification,
        },
        callbacks,
      );
      return;
    }
    create(
      {
        resource: 'contactFilters',
        values: payload,
        successNotification: () => ({ type: 'success', ...toasts.contactFilterCreated }),
        errorNotification,
      },
      callbacks,
    );
  };

  return { submit, saving: creation.isPending || updating.isPending, validateTrigger: validation.validateTrigger };
}
