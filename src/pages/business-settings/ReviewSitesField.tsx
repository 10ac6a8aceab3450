import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Flex, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { punycodeHost, REVIEW_SITE_SUGGESTIONS, REVIEW_SITES_MAX } from '#domain/businesses';

const suggestions = REVIEW_SITE_SUGGESTIONS.map((name) => ({ value: name }));

/**
 * The host a site's address really opens when its name has non-Latin letters (its punycode), beside
 * the site's name: a look-alike such as `yеlp.com` with a Cyrillic "е" shows as `xn--ylp-…`.
 */
function PunycodeHost({ index }: { index: number }) {
  const url = Form.useWatch(['reviewSites', index, 'url'], Form.useFormInstance()) as string | undefined;
  const host = url ? punycodeHost(url.trim()) : null;
  if (!host) return null;
  return (
    <Typography.Text type="warning" data-testid="punycode-host">
      Opens {host}: check that this is the site you mean.
    </Typography.Text>
  );
}

/** The business's review sites: add, remove and reorder; each a name (suggested or typed) and an address. */
export function ReviewSitesField({ rule }: { rule: (path: Array<string | number>) => Rule[] }) {
  return (
    <Form.List name="reviewSites">
      {(sites, { add, remove, move }) => (
        <Flex vertical gap={8}>
          {sites.length === 0 && (
            <Typography.Text type="secondary">No review sites yet: campaign messages cannot use ${'{reviewLink}'} until you add one.</Typography.Text>
          )}
          {sites.map((site, index) => (
            <Card size="small" key={site.key} data-testid="review-site">
              <Flex gap={8} wrap align="start">
                <Form.Item
                  label={`Site ${index + 1} name`}
                  name={[site.name, 'name']}
                  rules={rule(['reviewSites', index, 'name'])}
                  extra={<PunycodeHost index={index} />}
                  style={{ flex: '1 1 160px', marginBottom: 0 }}
                >
                  <AutoComplete
                    options={suggestions}
                    filterOption={(input, option) => option!.value.toLowerCase().includes(input.toLowerCase())}
                    placeholder="Google"
                    // Its input is type="search", which browsers empty on Escape: Escape only closes the suggestions.
                    onKeyDown={(event) => event.key === 'Escape' && event.preventDefault()}
                  />
                </Form.Item>
                <Form.Item label={`Site ${index + 1} address`} name={[site.name, 'url']} rules={rule(['reviewSites', index, 'url'])} style={{ flex: '2 1 240px', marginBottom: 0 }}>
                  <Input inputMode="url" placeholder="https://g.page/r/your-business/review" />
                </Form.Item>
                <Flex gap={4} style={{ alignSelf: 'end' }}>
                  <Button icon={<ArrowUpOutlined />} aria-label={`Move site ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)} />
                  <Button
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move site ${index + 1} down`}
                    disabled={index === sites.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button icon={<DeleteOutlined />} danger aria-label={`Remove site ${index + 1}`} onClick={() => remove(index)} />
                </Flex>
              </Flex>
            </Card>
          ))}
          <Button icon={<PlusOutlined />} disabled={sites.length >= REVIEW_SITES_MAX} onClick={() => add({ name: '', url: '' })} style={{ alignSelf: 'start' }}>
            Add review site
          </Button>
          {sites.length >= REVIEW_SITES_MAX && <Typography.Text type="secondary">A business has at most {REVIEW_SITES_MAX} review sites.</Typography.Text>}
        </Flex>
      )}
    </Form.List>
  );
}
