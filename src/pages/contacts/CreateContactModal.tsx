import { useModalForm } from '@refinedev/antd';
import { Form, Modal } from 'antd';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { joinTags, type Contact } from '#domain/contacts';
import { toasts } from '#domain/messages';
import { ContactFormFields, type ContactFormValues as FormValues } from './ContactFormFields';

export type CreateContactModalHandle = { open(): void };
type Props = { businessId: number; region: string | null };

/**
 * 'Create new contact': the contact form in a dialog over the list, which reloads on success.
 * Mounted at the owner's first "Add": Refine renders a modal form even while it is hidden, and
 * rendering the form's fields with the list cost the screen's first rows about a tenth of their time.
 */
export function CreateContactModal({ ref, ...props }: Props & { ref: Ref<CreateContactModalHandle> }) {
  const [wanted, setWanted] = useState(false);
  const dialog = useRef<CreateContactModalHandle>(null);
  useImperativeHandle(ref, () => ({ open: () => (wanted ? dialog.current?.open() : setWanted(true)) }), [wanted]);
  return wanted ? <CreateContactDialog ref={dialog} {...props} /> : null;
}

/** The dialog itself, open from its mount. */
function CreateContactDialog({ businessId, region, ref }: Props & { ref: Ref<CreateContactModalHandle> }) {
  const { modalProps, formProps, show } = useModalForm<Contact, never, FormValues>({
    resource: 'contacts',
    action: 'create',
    successNotification: () => ({ type: 'success', ...toasts.contactCreated }),
    // Mounted by the first request to open it.
    defaultVisible: true,
  });
  useImperativeHandle(ref, () => ({ open: () => show() }), [show]);

  // A refusal is told by the error toast and under the fields; the rejected promise needs no other handling.
  const submit = (values: FormValues) =>
    Promise.resolve(formProps.onFinish?.({ ...values, tags: joinTags(values.tags ?? []), businessId } as unknown as FormValues)).catch(() => undefined);

  return (
    <Modal {...modalProps} title="Create new contact" okText="Create contact" width={640} destroyOnHidden>
      <Form {...formProps} onFinish={submit} layout="vertical" requiredMark={false} initialValues={{ tags: [] }}>
        <ContactFormFields region={region} />
      </Form>
    </Modal>
  );
}
