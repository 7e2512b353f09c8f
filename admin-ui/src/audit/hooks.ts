import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { serverMessage } from '../providers/serverError';
import { useAction } from '../shared/useAction';

/** A value an audit screen keeps in the address (`?user=`, `?payout=`), so that a view can be shared and reloaded. */
export const useSearchParam = (name: string): [string | null, (value: string | null) => void] => {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  return [params.get(name), set];
};

/** A failed load is a toast: the server's message, else the screen's (translated) fallback. */
export const useLoadErrorToast = (query: { isError: boolean; error: unknown }, fallbackKey: string) => {
  const notify = useNotify();
  const translate = useTranslate();
  useEffect(() => {
    if (query.isError) notify(serverMessage(query.error) ?? translate(fallbackKey), { type: 'error' });
  }, [query.isError, query.error, notify, translate, fallbackKey]);
};

/** A download (CSV, signed summary): busy meanwhile, then 'Données exportées avec succès' or the error's toast. */
export const useDownload = () => {
  const translate = useTranslate();
  // A key no query has: a download refreshes nothing.
  const action = useAction(['audit-download']);
  return {
    busy: action.busy,
    run: (call: () => Promise<unknown>, success = translate('app.audit.exported'), error = translate('app.audit.export_error')) => action.run(call, { success, error }),
  };
};
