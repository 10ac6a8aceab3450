import { Button, Flex } from 'antd';
import type { Submission } from './setup-values';

type Props = {
  /** Editing a draft: only Save changes. */
  editing: boolean;
  /** A start is picked: Schedule campaign instead of Launch, and no draft. */
  scheduled: boolean;
  busy: boolean;
  submitting: Submission | null;
  onSubmit(submission: Submission): void;
};

/** Save changes, or Save as draft with Launch (no start) or Schedule campaign (a start picked). */
export function SetupButtons({ editing, scheduled, busy, submitting, onSubmit }: Props) {
  const loading = (submission: Submission) => busy && submitting === submission;
  return (
    <Flex gap={8} justify="end">
      {editing ? (
        <Button type="primary" loading={loading('update')} onClick={() => onSubmit('update')}>
          Save changes
        </Button>
      ) : (
        <>
          <Button disabled={scheduled || busy} loading={loading('draft')} onClick={() => onSubmit('draft')}>
            Save as draft
          </Button>
          {scheduled ? (
            <Button type="primary" loading={loading('schedule')} onClick={() => onSubmit('schedule')}>
              Schedule campaign
            </Button>
          ) : (
            <Button type="primary" loading={loading('launch')} onClick={() => onSubmit('launch')}>
              Launch
            </Button>
          )}
        </>
      )}
    </Flex>
  );
}
