import { useMemo } from 'react';
import type { Contact } from '#domain/contacts';
import { SUPPRESSION_REASON_LABELS } from '#domain/suppressions';
import { useResourceQuery } from '../../resources/useResourceAction';

/** Contact id -> why their email or phone is on the business's suppression list, for the table's marks. */
export function useSuppressedContacts(rows: readonly Contact[]) {
  const query = useResourceQuery('contacts', 'suppressions');
  const list = query.data?.data;
  const suppressed = useMemo(() => {
    const marks = new Map<number, string>();
    if (!list?.length) return marks;
    const byAddress = new Map(list.map((entry) => [`${entry.channel}:${entry.address}`, entry]));
    for (const contact of rows) {
      const email = contact.email && byAddress.get(`EMAIL:${contact.email.trim().toLowerCase()}`);
      const phone = contact.phoneNumber && byAddress.get(`SMS:${contact.phoneNumber.replace(/^\+/, '')}`);
      const reasons = [email && `Email: ${SUPPRESSION_REASON_LABELS[email.reason]}`, phone && `Text messages: ${SUPPRESSION_REASON_LABELS[phone.reason]}`];
      const reason = reasons.filter(Boolean).join('; ');
      if (reason) marks.set(contact.id, reason);
    }
    return marks;
  }, [list, rows]);
  return { suppressed, refetch: query.refetch };
}
