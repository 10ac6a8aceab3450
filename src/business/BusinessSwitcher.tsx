import { DownOutlined, PlusOutlined, SettingOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Dropdown, Typography, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useBusinesses } from './useBusinesses';
import { useBusinessSwitch } from './useBusinessSwitch';

const ADD_NEW_BUSINESS = 'add-new-business';
const BUSINESS_SETTINGS = 'business-settings';

/** Shows the selected business; its menu lists the other businesses, a separator, 'Business settings' and 'Add new business'. */
export function BusinessSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { businesses, selected, isLoading } = useBusinesses();
  const { switchTo } = useBusinessSwitch();
  const navigate = useNavigate();

  const others = businesses.filter((business) => business.id !== selected?.id);
  const items: MenuProps['items'] = [
    ...others.map((business) => ({ key: String(business.id), label: business.name, icon: <ShopOutlined /> })),
    ...(others.length ? [{ type: 'divider' as const }] : []),
    ...(selected ? [{ key: BUSINESS_SETTINGS, label: 'Business settings', icon: <SettingOutlined /> }] : []),
    { key: ADD_NEW_BUSINESS, label: 'Add new business', icon: <PlusOutlined /> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    onNavigate?.();
    if (key === ADD_NEW_BUSINESS) return navigate('/add-new-business');
    if (key === BUSINESS_SETTINGS) return navigate('/business-settings');
    const business = businesses.find((candidate) => String(candidate.id) === key);
    if (business) switchTo({ id: business.id, name: business.name });
  };

  const label = isLoading ? 'Loading businesses' : (selected?.name ?? 'No active business found');
  return (
    <Dropdown autoFocus menu={{ items, onClick }} trigger={['click']}>
      <Button block size="large" data-testid="business-switcher" style={{ justifyContent: 'space-between' }}>
        <Typography.Text ellipsis style={{ maxWidth: 170 }}>
          <ShopOutlined /> {label}
        </Typography.Text>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
