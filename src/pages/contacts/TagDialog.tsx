import { useNotification } from '@refinedev/core';
import { Alert, AutoComplete, Form, Modal, Typography, type GetRef } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { tagRule } from '#domain/contacts';
import { limits } from '#domain/messages';
import { counted } from '#domain/words';
import { useResourceAction } from '../../resources/useResourceAction';

export type TagChange = 'add' | 'remove';

const TEXTS = {
  add: {
    title: 'Add a tag to the selected contacts',
    confirm: 'Add tag',
    question: (tag: string, contacts: string) => `Add the tag “${tag}” to ${contacts}?`,
    toast: 'Tag Added',
    done: (tag: string, contacts: string) => `The tag “${tag}” was added to ${contacts}.`,
    unchanged: (contacts: string) => `${contacts} had it already.`,
  },
  remove: {
    title: 'Remove a tag from the selected contacts',
    confirm: 'Remove tag',
    question: (tag: string, contacts: string) => `Remove the tag “${tag}” from ${contacts}?`,
    toast: 'Tag Removed',
    done: (tag: string, contacts: string) => `The tag “${tag}” was removed from ${contacts}.`,
    unchanged: (contacts: string) => `${contacts} did not have it.`,
  },
} as const;

/** Why some contacts kept their tags: they have as many as a contact may have. */
const fullNote = (full: number) =>
  `${counted(full, 'contact was', 'contacts were')} not changed: ${full === 1 ? 'it has' : 'they have'} ${limits.tagsMax} tags already, the most a contact can have.`;

type Props = {
  /** Which change the dialog is for; null: closed. */
  change: TagChange | null;
  contactIds(): number[];
  /** The tags offered as the owner types (the business's, or the selected contacts' for removing). */
  offeredTags(): string[];
  /** A note under the question (selected contacts the search hides). */
  note?: ReactNode;
  onChanged(): void;
  onClose(): void;
};

/** "Add tag" and "Remove tag" on the selection: one tag typed or picked, confirmed with the count in words. */
export function TagDialog({ change, contactIds, offeredTags, note, onChanged, onClose }: Props) {
  const [tag, setTag] = useState('');
  const [touched, setTouched] = useState(false);
  const [skipped, setSkipped] = useState(0);
  const field = useRef<GetRef<typeof AutoComplete>>(null);
  const { mutate, mutation } = useResourceAction('contacts', change === 'remove' ? 'removeTag' : 'addTag');
  const { open: notify } = useNotification();
  const ids = useMemo(() => (change ? contactIds() : []), [change, contactIds]);
  const offered = useMemo(() => (change ? offeredTags() : []), [change, offeredTags]);
  const checked = tagRule.safeParse(tag);
  const texts = TEXTS[change ?? 'add'];

  const reset = () => {
    setTag('');
    setTouched(false);
    setSkipped(0);
  };
  const confirm = () => {
    setTouched(true);
    if (!checked.success || !change) return;
    const values = { contactIds: ids, tag: checked.data };
    mutate(
      { values, successNotification: false },
      {
        onSuccess: ({ data }) => {
          const description = [
            texts.done(values.tag, counted(data.changed, 'contact')),
            data.unchanged > 0 ? texts.unchanged(counted(data.unchanged, 'contact')) : '',
            data.full > 0 ? fullNote(data.full) : '',
          ]
            .filter(Boolean)
            .join(' ');
          notify?.({ type: 'success', message: texts.toast, description });
          onChanged();
          // Contacts skipped at the tag limit are reported here, until the owner closes the dialog.
          if (data.full > 0) setSkipped(data.full);
          else onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={change !== null}
      title={texts.title}
      okText={skipped > 0 ? 'Done' : texts.confirm}
      cancelText="Cancel"
      cancelButtonProps={{ hidden: skipped > 0 }}
      okButtonProps={{ loading: mutation.isPending, disabled: skipped === 0 && touched && !checked.success }}
      onOk={skipped > 0 ? onClose : confirm}
      onCancel={onClose}
      afterClose={reset}
      // The dialog takes focus itself when it opens; the owner types the tag at once.
      afterOpenChange={(open) => open && field.current?.focus()}
      destroyOnHidden
    >
      {skipped > 0 ? (
        <Alert type="warning" showIcon message={fullNote(skipped)} data-testid="tag-limit-note" />
      ) : (
        <Form layout="vertical" onFinish={confirm}>
          <Form.Item
            label="Tag"
            htmlFor="bulk-tag"
            validateStatus={touched && !checked.success ? 'error' : undefined}
            help={touched && !checked.success ? checked.error.issues[0]?.message : undefined}
          >
            <AutoComplete
              ref={field}
              id="bulk-tag"
              value={tag}
              options={offered.map((value) => ({ value }))}
              filterOption={(typed, option) => String(option?.value ?? '').toLowerCase().includes(typed.trim().toLowerCase())}
              onChange={(value: string) => {
                setTag(value);
                setTouched(true);
              }}
              placeholder={change === 'remove' ? 'Pick a tag the contacts have' : 'Type a new tag or pick one'}
            />
          </Form.Item>
          <Typography.Paragraph data-testid="tag-question">
            {checked.success ? texts.question(checked.data, counted(ids.length, 'contact')) : `${counted(ids.length, 'contact')} selected.`}
          </Typography.Paragraph>
          {note}
        </Form>
      )}
    </Modal>
  );
}
