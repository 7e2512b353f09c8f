import { ChevronLeft, ChevronRight } from '@mui/icons-material';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Typography } from '@mui/material';
import { cleanAsTyped, sanitizeTracker, uploadUrl, type OfferTemplate, type Trackers } from '@affilux/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../api/client';

/** The template picker: a carousel with arrows, dots and "n sur total"; the choice is kept on the page only. */
export function TemplatePickerDialog({ templates, currentId, onChoose, onClose }: { templates: OfferTemplate[]; currentId: number; onChoose: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const [index, setIndex] = useState(Math.max(0, templates.findIndex((tpl) => tpl.id === currentId)));
  const template = templates[index]!;
  const go = (to: number) => setIndex((to + templates.length) % templates.length);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="picker-title" data-testid="template-picker">
      <DialogTitle id="picker-title">{t('picker.title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <IconButton onClick={() => go(index - 1)} aria-label={t('picker.previous')} disabled={templates.length < 2} data-testid="picker-previous"><ChevronLeft /></IconButton>
          <Box sx={{ flex: 1, textAlign: 'center' }}>
            {template.template_image ? (
              <Box component="img" src={uploadUrl(template.template_image)} alt="" sx={{ width: '100%', maxHeight: 280, objectFit: 'contain', borderRadius: 2, bgcolor: 'grey.100' }} data-testid="picker-image" />
            ) : (
              <Box sx={{ height: 180, borderRadius: 2, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', color: 'text.secondary' }}>{t('picker.noImage')}</Box>
            )}
            <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('detailsModal.currentTemplate', { id: template.id })}</Typography>
          </Box>
          <IconButton onClick={() => go(index + 1)} aria-label={t('picker.next')} disabled={templates.length < 2} data-testid="picker-next"><ChevronRight /></IconButton>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 1, mt: 2 }}>
          {templates.map((tpl, i) => (
            <Box key={tpl.id} component="button" type="button" onClick={() => setIndex(i)} aria-label={t('picker.goTo', { n: i + 1 })} aria-current={i === index}
              sx={{ width: 10, height: 10, p: 0, border: 0, borderRadius: '50%', cursor: 'pointer', bgcolor: i === index ? 'primary.main' : 'grey.400' }} />
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 1 }} data-testid="picker-counter">{t('picker.counter', { n: index + 1, total: templates.length })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => onChoose(template.id)} data-testid="picker-choose">{t('picker.choose')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Tracker 1 and Tracker 2, saved on the server (letters and digits only, 10 at most). */
export function TrackersDialog({ offerId, trackers, onSaved, onClose }: { offerId: string; trackers: Trackers; onSaved: (trackers: Trackers) => void; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const [values, setValues] = useState(trackers);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const saved = await api<Trackers>(`/affiliate/offers/trackers/${encodeURIComponent(offerId)}`, { method: 'PUT', body: values });
      onSaved({ tracker1: saved.tracker1, tracker2: saved.tracker2 });
      toast.success(t('trackersModal.saved'));
    } catch (error) {
      toast.error(errorMessage(error, t('trackersModal.error')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="trackers-title" data-testid="trackers-dialog">
      <DialogTitle id="trackers-title">{t('trackersModal.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {(['tracker1', 'tracker2'] as const).map((field, i) => (
            <TextField key={field} label={t(`detailsModal.${field}`)} value={values[field]} onChange={(e) => setValues({ ...values, [field]: cleanAsTyped(e.target, sanitizeTracker) })}
              slotProps={{ htmlInput: { 'data-testid': `tracker-input-${i + 1}` } }} />
          ))}
          <Typography variant="body2" color="text.secondary">{t('trackersModal.help')}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>{t('cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="trackers-save">{t('save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One field per modulation key of the template; the values go into the link (kept on the page). */
export function CustomiseLinkDialog({ template, values, onSave, onClose }: { template: OfferTemplate; values: Record<string, string>; onSave: (values: Record<string, string>) => void; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const keys = template.is_modular ? template.modulation_keys : [];
  const [draft, setDraft] = useState<Record<string, string>>(values);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="customise-title" data-testid="customise-dialog">
      <DialogTitle id="customise-title">{t('customiseModal.title')}</DialogTitle>
      <DialogContent dividers>
        {keys.length === 0 ? (
          <Typography color="text.secondary" data-testid="customise-empty">{t('customiseModal.none')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">{t('customiseModal.help')}</Typography>
            {keys.map(({ key, description }) => (
              <TextField key={key} label={key} helperText={description || undefined} value={draft[key] ?? ''} onChange={(e) => setDraft({ ...draft, [key]: e.target.value.slice(0, 200) })}
                slotProps={{ htmlInput: { 'data-testid': `modulation-${key}` } }} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        {keys.length > 0 && <Button variant="contained" onClick={() => { onSave(draft); toast.success(t('customiseModal.saved')); }} data-testid="customise-save">{t('save')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
