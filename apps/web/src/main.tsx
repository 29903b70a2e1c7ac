import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { AppProviders } from './app/app-providers';
import { applyDocumentBranding, loadConfig } from './app/config';
import { createAppRouter } from './app/router';
import { configureHttp } from './lib/http';
import './styles/global.css';

dayjs.locale('zh-cn');

async function bootstrap(): Promise<void> {
  const config = await loadConfig();
  applyDocumentBranding(config);
  configureHttp(config.apiBase);
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders config={config}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void bootstrap();
