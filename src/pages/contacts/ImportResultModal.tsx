import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import Papa from 'papaparse';
import type { ImportOutcome } from './useImportContacts';

type Props = { result: ImportOutcome | null; onClose(): void };

const count = (value: number) => value.toLocaleString('en-US');

/** The two lists a finished import may have: rows not imported, and rows imported with a value left out. */
type RowList = {
  key: 'rejected' | 'warned';
  title: string;
  /** What the download's file name and its button call the rows. */
  name: string;
  column: string;
  rows: Array<{ row: number; messages: string[] }>;
  total: number;
};

const listsOf = (result: ImportOutcome): RowList[] =>
  [
    {
      key: 'rejected' as const,
      title: 'Rejected rows (not imported)',
      name: 'rejected rows',
      column: 'Reasons',
      rows: result.rejected.map(({ row, reasons }) => ({ row, messages: reasons })),
      total: result.rejectedCount,
    },
    {
      key: 'warned' as const,
      title: 'Imported, with values left out',
      name: 'rows with values left out',
      column: 'Left out',
      rows: result.warned.map(({ row, warnings }) => ({ row, messages: warnings })),
      total: result.warnedCount,
    },
  ].filter((list) => list.total > 0);

/** Said in the dialog and in the download when the server listed only the first rows of a list. */
export function partialListNote(list: Pick<RowList, 'rows' | 'total' | 'name'>): string | null {
  if (list.rows.length >= list.total) return null;
  return `Only the first ${count(list.rows.length)} of the ${count(list.total)} ${list.name} are listed. Correct them and import the file again to see the rest.`;
}

function downloadRows(result: ImportOutcome, list: RowList) {
  const note = partialListNote(list);
  const csv = Papa.unparse({
    fields: ['Row', list.column],
    data: [
      ...list.rows.map(({ row, messages }) => [row, messages.join('; ')]),
      // The last line of the file says it is not the whole list.
      ...(note ? [['', note]] : []),
    ],
  });
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `${result.fileName.replace(/\.[^.]+$/, '')}-${list.name.replaceAll(' ', '-')}.csv`,
  });
  link.click();
  URL.revokeObjectURL(url);
}

/** A partial import says exactly what went in and what did not, row by row: refusals apart from values left out. */
export function ImportResultModal({ result, onClose }: Props) {
  const lists = result ? listsOf(result) : [];
  const rejected = lists.some((list) => list.key === 'rejected');
  return (
    <Modal
      open={Boolean(result)}
      title={rejected ? 'Import finished with rejected rows' : 'Import finished with values left out'}
      onCancel={onClose}
      width={720}
      footer={[
        ...lists.map((list) => (
          <Button key={list.key} icon={<DownloadOutlined />} onClick={() => result && downloadRows(result, list)}>
            Download {list.name} (CSV)
          </Button>
        )),
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {result && (
        <>
          <Alert
            type={result.created + result.updated === 0 ? 'error' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            message={[
              `${count(result.created)} created, ${count(result.updated)} updated, ${count(result.rejectedCount)} rejected`,
              ...(result.warnedCount > 0 ? [`${count(result.warnedCount)} with values left out`] : []),
            ].join(', ')}
            description={[
              rejected && `Rejected rows of ${result.fileName} were not imported. Correct them and import the file again; rows already imported are updated, not duplicated.`,
              result.warnedCount > 0 && 'Values that could not be used were left out of the contacts they belong to; the contacts were imported.',
              ...lists.map(partialListNote),
            ]
              .filter(Boolean)
              .join(' ')}
          />
          {lists.map((list) => (
            <section key={list.key} aria-label={list.title}>
              {lists.length > 1 && <Typography.Title level={5}>{list.title}</Typography.Title>}
              <Table
                size="small"
                rowKey="row"
                virtual
                scroll={{ y: lists.length > 1 ? 200 : 320 }}
                pagination={false}
                dataSource={list.rows}
                columns={[
                  { title: 'Row', dataIndex: 'row', width: 80 },
                  { title: list.column, dataIndex: 'messages', render: (messages: string[]) => messages.join('; ') },
                ]}
              />
            </section>
          ))}
        </>
      )}
    </Modal>
  );
}
