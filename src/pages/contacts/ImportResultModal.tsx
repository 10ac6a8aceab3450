import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Table } from 'antd';
import Papa from 'papaparse';
import type { ImportOutcome } from './useImportContacts';

type Props = { result: ImportOutcome | null; onClose(): void };

function downloadRejectedRows(result: ImportOutcome) {
  const csv = Papa.unparse({
    fields: ['Row', 'Reasons'],
    data: result.rejected.map(({ row, reasons }) => [row, reasons.join('; ')]),
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
            message={`${result.created} created, ${result.updated} updated, ${result.rejected.length} rejected`}
            description={`Rejected rows of ${result.fileName} were not imported. Correct them and import the file again; rows already imported are updated, not duplicated.`}
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
