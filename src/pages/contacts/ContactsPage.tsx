import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Contact } from '#domain/contacts';
import { LoadError, LoadingState } from '../../components/ListStates';
import { useSelectedBusiness } from '../../business/selected-business';
import { useBusinessRegion } from '../../business/useBusinesses';
import { BulkDialogs } from './BulkDialogs';
import { ContactDrawer } from './ContactDrawer';
import { ContactsHeader, ImportFileButton } from './ContactsHeader';
import { ContactsTable } from './ContactsTable';
import { CreateContactModal, type CreateContactModalHandle } from './CreateContactModal';
import { ImportMappingModal } from './ImportMappingModal';
import { ImportResultModal } from './ImportResultModal';
import { SelectionBar } from './SelectionBar';
import { useBulkActions } from './useBulkActions';
import { useContactsTable } from './useContactsTable';
import { useExportContacts } from './useExportContacts';
import { useImportContacts } from './useImportContacts';
import { useSuppressedContacts } from './useSuppressedContacts';

const NO_CONTACTS_TEXT =
  "You don't have any contacts assigned to your business yet. Please add or import new contacts.";

/** Rows fill the window below the toolbar; the table scrolls inside. */
function useTableHeight(offset: number) {
  const [height, setHeight] = useState(() => Math.max(320, window.innerHeight - offset));
  useEffect(() => {
    const onResize = () => setHeight(Math.max(320, window.innerHeight - offset));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [offset]);
  return height;
}

/** An element's inner width, kept current as the window or the layout changes. */
function useElementWidth(element: HTMLElement | null) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export default function ContactsPage() {
  const business = useSelectedBusiness()!;
  const region = useBusinessRegion();
  const table = useContactsTable();
  const bulk = useBulkActions(table);
  const { importFile, progress, result, closeResult, pending, confirmMapping, cancelMapping } = useImportContacts(business.id);
  const { exportContacts, exporting } = useExportContacts(business.id);
  const createContact = useRef<CreateContactModalHandle>(null);
  const tableHeight = useTableHeight(330);
  const [tableRegion, setTableRegion] = useState<HTMLDivElement | null>(null);
  const tableWidth = useElementWidth(tableRegion);
  const { suppressed, refetch: refetchSuppressed } = useSuppressedContacts(table.rows);
  const [opened, setOpened] = useState<Contact | null>(null);
  const closeDrawer = useCallback(() => {
    setOpened(null);
    // Saved fields and lifted suppressions show in the table.
    void table.refetch();
    void refetchSuppressed();
  }, [table, refetchSuppressed]);
  const { open: openDialog } = bulk;
  const askToDelete = useCallback(() => openDialog('delete'), [openDialog]);

  return (
    // The small card's padding leaves the table room for its eight columns from 1280 px up.
    <Card size="small">
      <ContactsHeader progress={progress} onImport={(file) => void importFile(file)} onAdd={() => createContact.current?.open()} />
      <SelectionBar table={table} exporting={exporting} onExport={(format, ids) => void exportContacts(format, ids)} onAction={openDialog} />

      {table.isLoading ? (
        <LoadingState text="Loading contacts" testId="contacts-loading" />
      ) : table.isError ? (
        <LoadError what="contacts" error={table.error} onRetry={() => void table.refetch()} />
      ) : table.rows.length === 0 ? (
        <Empty description={NO_CONTACTS_TEXT} style={{ padding: 48 }}>
          {/* The two ways in that the text names, where the owner is reading. */}
          <Flex gap={8} justify="center" wrap>
            <ImportFileButton busy={Boolean(progress)} onImport={(file) => void importFile(file)}>
              Import a file
            </ImportFileButton>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => createContact.current?.open()}>
              Add a contact
            </Button>
          </Flex>
        </Empty>
      ) : (
        <div ref={setTableRegion} data-testid="contacts-table-region">
          {table.visibleRows.length === 0 ? (
            <Empty description={`No contacts match "${table.search}".`} style={{ padding: 48 }} />
          ) : (
            <ContactsTable
              rows={table.visibleRows}
              height={tableHeight}
              width={tableWidth}
              selected={table.selected}
              onSelectionChange={table.setSelected}
              suppressed={suppressed}
              onOpen={setOpened}
              onDelete={askToDelete}
              region={region}
            />
          )}
        </div>
      )}

      <BulkDialogs table={table} bulk={bulk} />
      <CreateContactModal ref={createContact} businessId={business.id} region={region} />
      <ContactDrawer contact={opened} region={region} onClose={closeDrawer} />
      <ImportMappingModal pending={pending} onConfirm={(choice) => void confirmMapping(choice)} onCancel={cancelMapping} />
      <ImportResultModal result={result} onClose={closeResult} />
    </Card>
  );
}
