import { useNotification } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { tagRule } from '#domain/contacts';
import { counted } from '#domain/words';
import { useResourceAction } from '../../resources/useResourceAction';
import { fullNote, TAG_CHANGE_TEXTS, type TagChange } from './tag-change-texts';

type Options = {
  change: TagChange | null;
  contactIds(): number[];
  offeredTags(): string[];
  onChanged(): void;
  onClose(): void;
};

/** The tag dialog's state and its change: the tag typed and checked, then added to or removed from the contacts. */
export function useTagChange({ change, contactIds, offeredTags, onChanged, onClose }: Options) {
  const [tag, setTag] = useState('');
  const [touched, setTouched] = useState(false);
  const [skipped, setSkipped] = useState(0);
  const { mutate, mutation } = useResourceAction('contacts', change === 'remove' ? 'removeTag' : 'addTag');
  const { open: notify } = useNotification();
  const ids = useMemo(() => (change ? contactIds() : []), [change, contactIds]);
  const offered = useMemo(() => (change ? offeredTags() : []), [change, offeredTags]);
  const checked = tagRule.safeParse(tag);
  const texts = TAG_CHANGE_TEXTS[change ?? 'add'];

  const type = (value: string) => {
    setTag(value);
    setTouched(true);
  };
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

  return { tag, type, touched, checked, skipped, texts, ids, offered, pending: mutation.isPending, reset, confirm };
}
