/**
 * Props that make an antd Select find its options by what is typed ("Email" then Enter picks
 * Email, not the first option): every select of a form spreads them.
 */
export const searchableSelect = { showSearch: true, optionFilterProp: 'label' } as const;
