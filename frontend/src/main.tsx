import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import { App } from './App';
import { useAuthStore } from './stores/authStore';
import { startRealtimeLifecycle } from './realtime/lifecycle';
import { theme } from './theme';
import './styles/global.css';

void useAuthStore.getState().loadUser();
startRealtimeLifecycle();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider theme={theme}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </ConfigProvider>
  </StrictMode>,
);
