import { ContentCopy, WarningAmber } from '@mui/icons-material';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import {
  buildAffiliationLink, buildTrackingScript, formatAffiliateId, scriptFor, uploadUrl, type AffiliateOfferView, type OfferTemplate, type PaymentType, type Trackers,
} from '@affilux/contract';
import { type ReactNode, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../api/client';
import { CompensationDialog, CompensationSummary, type PptInfoState } from './Compensation';
import { chosenTemplate, type OfferChoice } from './offerSearch';
import { CustomiseLinkDialog, TemplatePickerDialog, TrackersDialog } from './smallDialogs';
import { useCopy } from './useCopy';

const Block = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Box data-testid={testId}>
    <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1, textTransform: 'uppercase', letterSpacing: 0.4, color: 'text.secondary' }}>{title}</Typography>
    {children}
  </Box>
);

/** A read-only value to copy, named (for screen readers) by the block's title `label`, and its copy button by the same. */
function CopyField({ value, label, testId, multiline }: { value: string; label: string; testId: string; multiline?: boolean }) {
  const { t } = useTranslation('offers');
  const { copied, copy } = useCopy();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
      <TextField fullWidth size="small" value={value} multiline={multiline} maxRows={6}
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': label, 'data-testid': testId, style: { fontFamily: 'monospace', fontSize: 13 } } }} />
      <Button variant={copied ? 'contained' : 'outlined'} color={copied ? 'success' : 'primary'} startIcon={<ContentCopy />} onClick={() => void copy(value)} sx={{ flexShrink: 0 }}
        aria-label={`${copied ? t('copied') : t('copy')} : ${label}`} data-testid={`${testId}-copy`}>
        {copied ? t('copied') : t('copy')}
      </Button>
    </Box>
  );
}

type Props = {
  offer: AffiliateOfferView;
  uniqueId: number;
  paymentType: PaymentType;
  choice: OfferChoice;
  onChoice: (update: (choice: OfferChoice) => OfferChoice) => void;
  ppt: PptInfoState;
  onClose: () => void;
};

/** An offer's details: compensation, trackers, tracking script, template choice and the affiliation link. */
export function OfferDetailsDialog({ offer, uniqueId, paymentType, choice, onChoice, ppt, onClose }: Props) {
  const { t } = useTranslation('offers');
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [modal, setModal] = useState<'picker' | 'trackers' | 'customise' | 'compensation' | null>(null);
  const [pickerTemplates, setPickerTemplates] = useState<OfferTemplate[]>(offer.templates);

  // Trackers live on the server; a failure to read them is ignored (spec).
  useEffect(() => {
    api<Trackers>(`/affiliate/offers/trackers/${encodeURIComponent(offer.id)}`).then(
      (trackers) => onChoice((current) => ({ ...current, tracker1: trackers.tracker1, tracker2: trackers.tracker2 })),
      () => undefined,
    );
  }, [offer.id, onChoice]);

  const template = chosenTemplate(offer.templates, choice.templateId);
  const trackers = { tracker1: choice.tracker1, tracker2: choice.tracker2 };
  const script = scriptFor(offer, paymentType);
  const link = template ? buildAffiliationLink({ template, paymentType, uniqueId, trackers, modulation: choice.modulation }) : null;

  const openPicker = async () => {
    try {
      const templates = await api<OfferTemplate[]>(`/affiliate/offers/${encodeURIComponent(offer.id)}/templates`);
      if (templates.length === 0) {
        toast.error(t('picker.noTemplates'));
        return;
      }
      setPickerTemplates(templates);
      setModal('picker');
    } catch (error) {
      toast.error(errorMessage(error, t('picker.loadError')));
    }
  };

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="offer-details-title" data-testid="offer-details">
        <DialogTitle id="offer-details-title">
          <Box component="span" sx={{ fontFamily: 'monospace', mr: 1, color: 'text.secondary' }}>{formatAffiliateId(offer.unique_id)}</Box>
          {offer.brand_name}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3} divider={<Divider flexItem />}>
            <Block title={t('detailsModal.compensation')}>
              <CompensationSummary state={ppt} paymentType={paymentType} onDetails={() => setModal('compensation')} />
            </Block>
            <Block title={t('detailsModal.trackers')} testId="details-trackers">
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                {(['tracker1', 'tracker2'] as const).map((field) => (
                  <Typography key={field} data-testid={`details-${field}`}>
                    {t('detailsModal.labelled', { label: t(`detailsModal.${field}`) })} <b>{choice[field] || t('detailsModal.none')}</b>
                  </Typography>
                ))}
                <Button size="small" variant="outlined" onClick={() => setModal('trackers')} data-testid="trackers-manage">{t('detailsModal.manage')}</Button>
              </Box>
            </Block>
            {script && (
              <Block title={t('detailsModal.script')}>
                <CopyField value={buildTrackingScript(script, uniqueId, trackers)} label={t('detailsModal.script')} testId="tracking-script" multiline />
              </Block>
            )}
            {template ? (
              <>
                <Block title={t('detailsModal.template')}>
                  <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                    {template.template_image ? (
                      <Box component="img" src={uploadUrl(template.template_image)} alt="" sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 2, bgcolor: 'grey.100' }} data-testid="details-template-image" />
                    ) : (
                      <Box sx={{ width: 120, height: 90, borderRadius: 2, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', color: 'text.secondary', fontSize: 13 }} data-testid="details-template-no-image">
                        {t('picker.noImage')}
                      </Box>
                    )}
                    <Box sx={{ flex: 1, minWidth: 160 }}>
                      <Typography sx={{ fontWeight: 600 }} data-testid="details-template-id">{t('detailsModal.currentTemplate', { id: template.id })}</Typography>
                      {template.is_modular && <Chip size="small" color="secondary" label={t('detailsModal.modular')} sx={{ mt: 0.5 }} />}
                    </Box>
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <Button variant="outlined" size="small" onClick={() => void openPicker()} data-testid="choose-template">{t('detailsModal.chooseTemplate')}</Button>
                      <Button variant="outlined" size="small" onClick={() => setModal('customise')} data-testid="customise-link">{t('detailsModal.customise')}</Button>
                    </Box>
                  </Box>
                </Block>
                <Block title={t('detailsModal.link')}>
                  {link ? (
                    <Stack spacing={1}>
                      <CopyField value={link} label={t('detailsModal.link')} testId="affiliation-link" />
                      <Alert severity="warning" icon={<WarningAmber />}>{t('detailsModal.linkWarning')}</Alert>
                    </Stack>
                  ) : (
                    <Alert severity="info">{t('detailsModal.noLink')}</Alert>
                  )}
                </Block>
              </>
            ) : (
              <Alert severity="info" data-testid="no-templates">{t('detailsModal.noTemplates')}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="offer-details-close">{t('close')}</Button>
        </DialogActions>
      </Dialog>
      {modal === 'picker' && template && (
        <TemplatePickerDialog
          templates={pickerTemplates}
          currentId={template.id}
          onClose={() => setModal(null)}
          onChoose={(id) => {
            onChoice((current) => ({ ...current, templateId: id, modulation: id === template.id ? current.modulation : {} }));
            setModal(null);
            toast.success(t('picker.selected'));
          }}
        />
      )}
      {modal === 'trackers' && (
        <TrackersDialog offerId={offer.id} trackers={trackers} onClose={() => setModal(null)} onSaved={(saved) => { onChoice((current) => ({ ...current, ...saved })); setModal(null); }} />
      )}
      {modal === 'customise' && template && (
        <CustomiseLinkDialog template={template} values={choice.modulation} onClose={() => setModal(null)} onSave={(modulation) => { onChoice((current) => ({ ...current, modulation })); setModal(null); }} />
      )}
      {modal === 'compensation' && ppt.info && <CompensationDialog info={ppt.info} paymentType={paymentType} onClose={() => setModal(null)} />}
    </>
  );
}
