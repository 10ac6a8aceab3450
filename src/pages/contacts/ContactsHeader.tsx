import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Progress, Typography, Upload } from 'antd';
import { IMPORT_EXAMPLE_FILES, IMPORT_FILE_ACCEPT } from '#domain/contacts';
import type { useImportContacts } from './useImportContacts';

type ImportProgress = NonNullable<ReturnType<typeof useImportContacts>['progress']>;

type Props = { progress: ImportProgress | null; onImport(file: File): void; onAdd(): void };

/** A button that picks a contacts file and hands it over (no upload of antd's own: the import hook sends it). */
export function ImportFileButton({ busy, onImport, children, testId }: { busy: boolean; onImport(file: File): void; children: string; testId?: string }) {
  return (
    <Upload
      accept={IMPORT_FILE_ACCEPT}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        onImport(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  );
}

/** The screen's title with the example files, Import contacts and Add new contact; an import's progress below. */
export function ContactsHeader({ progress, onImport, onAdd }: Props) {
  return (
    <>
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
          <ImportFileButton busy={Boolean(progress)} onImport={onImport} testId="import-button">
            Import contacts
          </ImportFileButton>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
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
    </>
  );
}
