import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { useAuthStore } from './stores/authStore';
import { startRealtimeLifecycle } from './realtime/lifecycle';
import './styles/antdTokens.css';
import './styles/global.css';

void useAuthStore.getState().loadUser();
startRealtimeLifecycle();

// antd's theme is not set here: the pages drawn with antd bring it (AntdTheme), so the home page
// and the shell around it load no antd.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
