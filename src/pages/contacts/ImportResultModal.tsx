import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Table } from 'antd';
import Papa from 'papaparse';
import type { ImportOutcome } from './useImportContacts';

type Props = { result: ImportOutcome | null; onClose(): void };

const count = (value: number) => value.toLocaleString('en-US');

/** Said in the dialog and in the download when the server listed only the first rejected rows. */
export function partialListNote(result: Pick<ImportOutcome, 'rejected' | 'rejectedCount'>): string | null {
  if (result.rejected.length >= result.rejectedCount) return null;
  return `Only the first ${count(result.rejected.length)} of the ${count(result.rejectedCount)} rejected rows are listed. Correct them and import the file again to see the rest.`;
}

function downloadRejectedRows(result: ImportOutcome) {
  const note = partialListNote(result);
  const csv = Papa.unparse({
    fields: ['Row', 'Reasons'],
    data: [
      ...result.rejected.map(({ row, reasons }) => [row, reasons.join('; ')]),
      // The last line of the file says it is not the whole list.
      ...(note ? [['', note]] : []),
    ],
  });
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `${result.fileName.replace(/\.[^.]+$/, '')}-rejected-rows.csv`,
  });
  link.click();
  URL.revokeObjectURL(url);
}

/** A partial import says exactly what went in and what did not, row by row. */
export function ImportResultModal({ result, onClose }: Props) {
  return (
    <Modal
      open={Boolean(result)}
      title="Import finished with rejected rows"
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="download" icon={<DownloadOutlined />} onClick={() => result && downloadRejectedRows(result)}>
          Download rejected rows (CSV)
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {result && (
        <>
          <Alert
            type={result.created + result.updated > 0 ? 'warning' : 'error'}
            showIcon
            style={{ marginBottom: 16 }}
            message={`${count(result.created)} created, ${count(result.updated)} updated, ${count(result.rejectedCount)} rejected`}
            description={[
              `Rejected rows of ${result.fileName} were not imported. Correct them and import the file again; rows already imported are updated, not duplicated.`,
              partialListNote(result),
            ]
              .filter(Boolean)
              .join(' ')}
          />
          <Table
            size="small"
            rowKey="row"
            virtual
            scroll={{ y: 320 }}
            pagination={false}
            dataSource={result.rejected}
            columns={[
              { title: 'Row', dataIndex: 'row', width: 80 },
              { title: 'Reasons', dataIndex: 'reasons', render: (reasons: string[]) => reasons.join('; ') },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
