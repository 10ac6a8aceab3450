import { useModalForm } from '@refinedev/antd';
import { Form, Modal } from 'antd';
import { useImperativeHandle, type Ref } from 'react';
import { joinTags, type Contact } from '#domain/contacts';
import { toasts } from '#domain/messages';
import { ContactFormFields, type ContactFormValues as FormValues } from './ContactFormFields';

export type CreateContactModalHandle = { open(): void };

/** 'Create new contact': the contact form in a dialog over the list, which reloads on success. */
export function CreateContactModal({ businessId, region, ref }: { businessId: number; region: string | null; ref: Ref<CreateContactModalHandle> }) {
  const { modalProps, formProps, show } = useModalForm<Contact, never, FormValues>({
    resource: 'contacts',
    action: 'create',
    successNotification: () => ({ type: 'success', ...toasts.contactCreated }),
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
