import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { CheckInPageLink } from '#domain/check-in-page';
import { LinkButton } from '../../components/LinkButton';
import { LoadError, LoadingState } from '../../components/ListStates';
import { useSelectedBusiness } from '../../business/selected-business';
import { useResourceQuery } from '../../resources/useResourceAction';
import { POSTER_SIZES, posterSizeOf, type PosterSize } from './poster-sizes';
import './check-in-poster.css';

/** The link as people type it: without https://. */
const shortLink = (url: string) => url.replace(/^https?:\/\//, '');

/** One side of the poster: the business, the call, the QR code and the link written out. */
function PosterFace({ businessName, link, far = false }: { businessName: string; link: CheckInPageLink; far?: boolean }) {
  return (
    <div className={far ? 'check-in-face check-in-face-far' : 'check-in-face'} data-testid="poster-face">
      <p className="check-in-business">{businessName}</p>
      <p className="check-in-call">Scan to check in</p>
      <img className="check-in-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`} alt={`QR code of ${link.url}`} />
      <p className="check-in-link" data-testid="poster-link">
        {shortLink(link.url)}
      </p>
    </div>
  );
}

/**
 * The check-in page's printable poster (A4 or Letter) or table tent: the business's name, "Scan to
 * check in", the QR code large and the link written out. Print prints the sheet alone, on the
 * paper of its size.
 */
export default function CheckInPosterPage() {
  const [params, setParams] = useSearchParams();
  const size = posterSizeOf(params.get('size'));
  const business = useSelectedBusiness();
  const query = useResourceQuery('businessSettings', 'checkInPage');
  const link = query.data?.data;

  return (
    <Flex vertical gap="large">
      <Flex className="check-in-poster-toolbar" vertical gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Check-in poster
        </Typography.Title>
        <Flex wrap gap="small" align="center">
          <LinkButton to="/business-settings" icon={<ArrowLeftOutlined />}>
            Business settings
          </LinkButton>
          <Segmented<PosterSize>
            aria-label="Poster size"
            value={size}
            onChange={(value) => setParams({ size: value }, { replace: true })}
            options={Object.entries(POSTER_SIZES).map(([value, { label }]) => ({ value: value as PosterSize, label }))}
          />
          <Button type="primary" icon={<PrinterOutlined />} disabled={!link} onClick={() => window.print()}>
            Print
          </Button>
        </Flex>
        {size === 'tent' && (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Fold the printed sheet along the dashed line: each side of the tent then faces a side of the table.
          </Typography.Paragraph>
        )}
      </Flex>
      {query.isLoading ? (
        <LoadingState text="Loading the poster" />
      ) : query.isError || !link || !business ? (
        <LoadError what="check-in page" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="check-in-poster" data-testid="check-in-poster">
          {/* While the poster is open, printing uses its paper. */}
          <style>{`@page { size: ${POSTER_SIZES[size].paper}; margin: 10mm; }`}</style>
          <section className={`check-in-sheet check-in-sheet-${size}`} aria-label={POSTER_SIZES[size].label}>
            {size === 'tent' && <PosterFace businessName={business.name} link={link} far />}
            <PosterFace businessName={business.name} link={link} />
          </section>
        </div>
      )}
    </Flex>
  );
}
