import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';

// Path-based URLs (/admin/applications), which the server answers with index.html. react-admin
// builds its links with the `basename` given to <Admin>, so the router itself has none.
const router = createBrowserRouter([{ path: '/admin/*', element: <App /> }]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
