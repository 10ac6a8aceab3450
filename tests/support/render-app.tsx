import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes, Providers } from '../../src/App';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The whole app (real providers, routes and guards) at `path`, with the current path readable. */
export function renderApp(path: string) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Providers>
        <AppRoutes />
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
  return { ...result, location: () => screen.getByTestId('location').textContent };
}
