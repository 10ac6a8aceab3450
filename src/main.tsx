import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import './app.css';
import { giveStyleElementsTheNonce } from './csp-nonce';

giveStyleElementsTheNonce();
// The sign-in page loads none of this; a list screen starts loading its code and its list at once.
if (window.location.pathname !== '/login') void import('./providers/first-screen').then(({ startFirstScreenEarly }) => startFirstScreenEarly(window.location.pathname));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
