import { Button, Flex } from 'antd';
import { LinkButton } from '../LinkButton';

type Props = { linkTo: string; linkLabel: string; submitLabel: string; loading: boolean; disabled?: boolean };

/** An auth form's two equal buttons: a link to the neighbouring page, then the submit button. */
export function AuthFormActions({ linkTo, linkLabel, submitLabel, loading, disabled }: Props) {
  return (
    <Flex gap={12}>
      <LinkButton to={linkTo} size="large" style={{ flex: 1 }}>
        {linkLabel}
      </LinkButton>
      <Button type="primary" htmlType="submit" size="large" loading={loading} disabled={disabled} style={{ flex: 1 }}>
        {submitLabel}
      </Button>
    </Flex>
  );
}
