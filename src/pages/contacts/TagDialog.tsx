import { Alert, AutoComplete, Form, Modal, Typography, type GetRef } from 'antd';
import { useRef, type ReactNode } from 'react';
import { counted } from '#domain/words';
import { fullNote, type TagChange } from './tag-change-texts';
import { useTagChange } from './useTagChange';

export type { TagChange } from './tag-change-texts';

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
  const field = useRef<GetRef<typeof AutoComplete>>(null);
  const { tag, type, touched, checked, skipped, texts, ids, offered, pending, reset, confirm } = useTagChange({ change, contactIds, offeredTags, onChanged, onClose });

  return (
    <Modal
      open={change !== null}
      title={texts.title}
      okText={skipped > 0 ? 'Done' : texts.confirm}
      cancelText="Cancel"
      cancelButtonProps={{ hidden: skipped > 0 }}
      okButtonProps={{ loading: pending, disabled: skipped === 0 && touched && !checked.success }}
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
              onChange={type}
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
