import { CheckCircleOutlined, DeleteOutlined, DownloadOutlined, ExportOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useDeleteMany } from '@refinedev/core';
import { Alert, Button, Card, Dropdown, Empty, Flex, Input, Progress, Typography, Upload } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { IMPORT_EXAMPLE_FILES, IMPORT_FILE_ACCEPT, type Contact } from '#domain/contacts';
import { toasts } from '#domain/messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError, LoadingState } from '../../components/ListStates';
import { useSelectedBusiness } from '../../business/selected-business';
import { useResourceAction } from '../../resources/useResourceAction';
import { ContactDrawer } from './ContactDrawer';
import { ContactsTable } from './ContactsTable';
import { useSuppressedContacts } from './useSuppressedContacts';
import { CreateContactModal, type CreateContactModalHandle } from './CreateContactModal';
import { ImportMappingModal } from './ImportMappingModal';
import { ImportResultModal } from './ImportResultModal';
import { useContactsTable } from './useContactsTable';
import { useExportContacts } from './useExportContacts';
import { useImportContacts } from './useImportContacts';

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
  const table = useContactsTable();
  const { importFile, progress, result, closeResult, pending, confirmMapping, cancelMapping } = useImportContacts(business.id);
  const { exportContacts, exporting } = useExportContacts(business.id);
  const createContact = useRef<CreateContactModalHandle>(null);
  const [dialog, setDialog] = useState<'delete' | 'checkIn' | null>(null);
  const { mutate: deleteContacts, mutation: deletion } = useDeleteMany();
  const { mutate: checkInContacts, mutation: checkIn } = useResourceAction('contacts', 'checkIn');
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

  const selectedCount = table.selected.size;
  // Selected rows a search hides are still selected: the dialogs say how many of them there are.
  const hiddenCount = dialog ? table.selectedHiddenBySearch() : 0;
  const hiddenNote =
    hiddenCount > 0 ? (
      <Typography.Paragraph strong data-testid="hidden-selection-note">
        {hiddenCount} of them {hiddenCount === 1 ? 'is' : 'are'} hidden by the search &quot;{table.search}&quot;.
      </Typography.Paragraph>
    ) : null;
  const afterBulkAction = () => {
    setDialog(null);
    table.clearSelection();
    void table.refetch();
  };

  const confirmDelete = () =>
    deleteContacts(
      {
        resource: 'contacts',
        ids: [...table.selected],
        successNotification: () => ({ type: 'success', ...toasts.contactsDeleted }),
      },
      { onSuccess: afterBulkAction },
    );
  const confirmCheckIn = () =>
    checkInContacts(
      {
        values: { contactIds: [...table.selected] },
        successNotification: () => ({ type: 'success', ...toasts.contactsCheckedIn }),
      },
      { onSuccess: afterBulkAction },
    );

  const hasContacts = table.rows.length > 0;
  // The selection if there is one, else what the search shows; without either, the whole business
  // (ids are listed only on click: a 100,000-row selection is not copied on every render).
  const searching = table.visibleRows !== table.rows;
  const exportScope =
    selectedCount > 0
      ? { ids: () => [...table.selected], text: `${selectedCount.toLocaleString()} selected contact${selectedCount === 1 ? '' : 's'}` }
      : searching
        ? { ids: () => table.visibleRows.map((row) => row.id), text: `${table.visibleRows.length.toLocaleString()} contacts found by the search` }
        : { ids: () => null, text: `All ${table.rows.length.toLocaleString()} contacts` };
  const exportItem = (format: 'csv' | 'xlsx', label: string) => ({
    key: format,
    label,
    onClick: () => void exportContacts(format, exportScope.ids()),
  });

  return (
    // The small card's padding leaves the table room for its eight columns from 1280 px up.
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Contacts
        </Typography.Title>
        <Flex gap={8} wrap>
          {/* Click (not hover) so it opens from the keyboard too; the arrow keys reach each file's link. */}
          <Dropdown
            trigger={['click']}
            autoFocus
            menu={{
              items: [
                { key: 'xlsx', label: <a href={IMPORT_EXAMPLE_FILES.xlsx} download>Excel (.xlsx)</a> },
                { key: 'csv', label: <a href={IMPORT_EXAMPLE_FILES.csv} download>CSV (.csv)</a> },
              ],
            }}
          >
            <Button icon={<DownloadOutlined />}>Download example</Button>
          </Dropdown>
          <Upload
            accept={IMPORT_FILE_ACCEPT}
            showUploadList={false}
            disabled={Boolean(progress)}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={Boolean(progress)} data-testid="import-button">
              Import contacts
            </Button>
          </Upload>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => createContact.current?.open()}>
            Add new contact
          </Button>
        </Flex>
      </Flex>

      {progress && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          message={
            progress.phase === 'reading'
              ? `Reading ${progress.fileName}...`
              : progress.phase === 'uploading'
                ? `Uploading ${progress.fileName}...`
                : `Importing ${progress.fileName}: checking and saving every row...`
          }
          description={<Progress percent={progress.percent} status="active" showInfo={progress.phase === 'uploading'} />}
          data-testid="import-progress"
        />
      )}

      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="Search contacts"
          allowClear
          value={table.search}
          onChange={(event) => table.setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
          loading={table.isSearching}
          aria-label="Search contacts"
        />
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary" data-testid="selection-count">
            {selectedCount > 0
              ? `${selectedCount.toLocaleString()} selected`
              : table.isLoading || table.isError
                ? ''
                : table.isArriving
                  ? `First ${table.rows.length.toLocaleString()} contacts shown; loading the rest…`
                  : `${table.visibleRows.length.toLocaleString()} of ${table.rows.length.toLocaleString()} contacts`}
          </Typography.Text>
          <Dropdown
            trigger={['click']}
            autoFocus
            disabled={!hasContacts || (searching && selectedCount === 0 && table.visibleRows.length === 0)}
            menu={{
              items: [
                {
                  type: 'group',
                  key: 'scope',
                  label: exportScope.text,
                  children: [exportItem('csv', 'CSV (.csv)'), exportItem('xlsx', 'Excel (.xlsx)')],
                },
              ],
            }}
          >
            <Button icon={<ExportOutlined />} loading={exporting} data-testid="export-button">
              Export
            </Button>
          </Dropdown>
          <Button icon={<CheckCircleOutlined />} disabled={selectedCount === 0} onClick={() => setDialog('checkIn')}>
            Check in
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={selectedCount === 0} onClick={() => setDialog('delete')}>
            Delete
          </Button>
        </Flex>
      </Flex>

      {table.isLoading ? (
        <LoadingState text="Loading contacts" testId="contacts-loading" />
      ) : table.isError ? (
        <LoadError what="contacts" error={table.error} onRetry={() => void table.refetch()} />
      ) : !hasContacts ? (
        <Empty description={NO_CONTACTS_TEXT} style={{ padding: 48 }} />
      ) : (
        <div
          ref={setTableRegion}
          tabIndex={0}
          onKeyDown={table.keyboardHandler(() => setDialog('delete'))}
          data-testid="contacts-table-region"
          aria-label="Contacts table. Ctrl+A selects the shown rows, Escape clears, Delete deletes the selection."
          style={{ outline: 'none' }}
        >
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
            />
          )}
        </div>
      )}

      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete selected contacts"
        confirmText="Confirm Delete"
        danger
        confirming={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDialog(null)}
      >
        <Typography.Paragraph>
          Are you sure you want to delete {selectedCount} contact(s). This action cannot be undone and all associated data will be
          permanently removed.
        </Typography.Paragraph>
        {hiddenNote}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'checkIn'}
        title="Check in selected contacts"
        confirmText="Confirm Check-In"
        confirming={checkIn.isPending}
        onConfirm={confirmCheckIn}
        onCancel={() => setDialog(null)}
      >
        <Typography.Paragraph>Are you sure you want to check in {selectedCount} contact(s).</Typography.Paragraph>
        {hiddenNote}
      </ConfirmDialog>

      <CreateContactModal ref={createContact} businessId={business.id} />
      <ContactDrawer contact={opened} onClose={closeDrawer} />
      <ImportMappingModal pending={pending} onConfirm={(choice) => void confirmMapping(choice)} onCancel={cancelMapping} />
      <ImportResultModal result={result} onClose={closeResult} />
    </Card>
  );
}
