import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';

/** An endpoint's signing secret: hidden until asked for, and copied whole either way. */
export function SigningSecret({ secret, url }: { secret: string; url: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Flex gap={4} align="center" wrap>
      <Typography.Text type="secondary">Signing secret</Typography.Text>
      <Typography.Text code copyable={{ text: secret, tooltips: ['Copy secret', 'Copied'] }} className="webhook-secret" data-testid="webhook-secret">
        {shown ? secret : 'whsec_••••••••••••'}
      </Typography.Text>
      <Button size="small" type="link" aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} the signing secret of ${url}`} onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'}
      </Button>
    </Flex>
  );
}
