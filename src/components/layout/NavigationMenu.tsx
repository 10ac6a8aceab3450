import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useSelectedBusiness } from '../../business/selected-business';
import { navigationResources } from '../../resources';
import { MENU_ICONS } from './menu-icons';

/** The four items; without a selected business every item but Dashboard is disabled. */
export function NavigationMenu({ onNavigate }: { onNavigate?: () => void }) {
  const business = useSelectedBusiness();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selectedKey = navigationResources.find((resource) => pathname.startsWith(String(resource.list)))?.name;

  return (
    <Menu
      mode="inline"
      selectedKeys={selectedKey ? [selectedKey] : []}
      style={{ borderInlineEnd: 'none' }}
      items={navigationResources.map((resource) => ({
        key: resource.name,
        icon: resource.meta.iconName && MENU_ICONS[resource.meta.iconName],
        label: resource.meta.label,
        disabled: Boolean(resource.meta.requiresBusiness && !business),
      }))}
      onClick={({ key }) => {
        const resource = navigationResources.find((candidate) => candidate.name === key);
        if (!resource) return;
        onNavigate?.();
        navigate(String(resource.list));
      }}
    />
  );
}
