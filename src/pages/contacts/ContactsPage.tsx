import { CheckCircleOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustomMutation, useDeleteMany } from '@refinedev/core';
import { Alert, Button, Card, Dropdown, Empty, Flex, Input, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { IMPORT_EXAMPLE_FILES, IMPORT_FILE_ACCEPT } from '../../domain/contacts';
import { toasts } from '../../domain/messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError, LoadingState } from '../../components/ListStates';
import { useSelectedBusiness } from '../../providers/selected-business';
import { ContactsTable } from './ContactsTable';
import { CreateContactModal, type CreateContactModalHandle } from './CreateContactModal';
import { ImportResultModal } from './ImportResultModal';
import { useContactsTable } from './useContactsTable';
import { useImportContacts } from './useImportContacts';

export const NO_CONTACTS_TEXT =
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

export default function ContactsPage() {
  const business = useSelectedBusiness()!;
  const table = useContactsTable(business.id);
  const { importFile, progress, result, closeResult } = useImportContacts(business.id);
  const createContact = useRef<CreateContactModalHandle>(null);
  const [dialog, setDialog] = useState<'delete' | 'checkIn' | null>(null);
  const { mutate: deleteContacts, mutation: deletion } = useDeleteMany();
  const { mutate: checkInContacts, mutation: checkIn } = useCustomMutation();
  const tableHeight = useTableHeight(330);

  const selectedCount = table.selected.size;
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
        meta: { businessId: business.id },
        successNotification: () => ({ type: 'success', ...toasts.contactsDeleted }),
      },
      { onSuccess: afterBulkAction },
    );
  const confirmCheckIn = () =>
    checkInContacts(
      {
        url: '',
        method: 'patch',
        values: { contactIds: [...table.selected] },
        meta: { resource: 'contacts', action: 'checkIn' },
        successNotification: () => ({ type: 'success', ...toasts.contactsCheckedIn }),
      },
      { onSuccess: afterBulkAction },
    );

  const hasContacts = table.rows.length > 0;
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Contacts
        </Typography.Title>
        <Flex gap={8} wrap>
          <Dropdown
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
        <Flex gap={8} align="center">
          <Typography.Text type="secondary" data-testid="selection-count">
            {selectedCount > 0
              ? `${selectedCount.toLocaleString()} selected`
              : `${table.visibleRows.length.toLocaleString()} of ${table.rows.length.toLocaleString()} contacts`}
          </Typography.Text>
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
          tabIndex={0}
          onKeyDown={table.keyboardHandler(() => setDialog('delete'))}
          data-testid="contacts-table-region"
          aria-label="Contacts table. Ctrl+A selects the shown rows, Escape clears, Delete deletes the selection."
          style={{ outline: 'none' }}
        >
          {table.visibleRows.length === 0 ? (
            <Empty description={`No contacts match "${table.search}".`} style={{ padding: 48 }} />
          ) : (
            <ContactsTable rows={table.visibleRows} height={tableHeight} selected={table.selected} onSelectionChange={table.setSelected} />
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
        Are you sure you want to delete {selectedCount} contact(s). This action cannot be undone and all associated data will be
        permanently removed.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'checkIn'}
        title="Check in selected contacts"
        confirmText="Confirm Check-In"
        confirming={checkIn.isPending}
        onConfirm={confirmCheckIn}
        onCancel={() => setDialog(null)}
      >
        Are you sure you want to check in {selectedCount} contact(s).
      </ConfirmDialog>

      <CreateContactModal ref={createContact} businessId={business.id} />
      <ImportResultModal result={result} onClose={closeResult} />
    </Card>
  );
}
