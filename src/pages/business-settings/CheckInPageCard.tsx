import { ExportOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { LinkButton } from '../../components/LinkButton';
import { LoadError, LoadingState } from '../../components/ListStates';
import { useResourceQuery } from '../../resources/useResourceAction';
import { POSTER_SIZES, posterPath, type PosterSize } from '../check-in-poster/poster-sizes';

/**
 * The business's check-in page: its link (to copy or open) and its posters to print for the
 * counter. Each check-in is a visit: the review automation asks for a review after it.
 */
export function CheckInPageCard() {
  const query = useResourceQuery('businessSettings', 'checkInPage');
  const link = query.data?.data;

  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Check-in page
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Customers scan the poster&apos;s QR code at your counter and check in with their first name and a phone number or email. Each check-in
        is a visit: when the review automation is on, it asks them for a review.
      </Typography.Paragraph>
      {query.isLoading ? (
        <LoadingState text="Loading the check-in page" />
      ) : query.isError || !link ? (
        <LoadError what="check-in page" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Flex vertical gap="middle">
          <Typography.Text copyable={{ text: link.url, tooltips: ['Copy link', 'Link copied'] }} data-testid="check-in-link">
            {link.url}
          </Typography.Text>
          <Flex wrap gap="small">
            <Button href={link.url} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
              Open page
            </Button>
            {(Object.keys(POSTER_SIZES) as PosterSize[]).map((size) => (
              <LinkButton key={size} to={posterPath(size)} icon={<PrinterOutlined />}>
                {POSTER_SIZES[size].print}
              </LinkButton>
            ))}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
