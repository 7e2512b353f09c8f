import { Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import { formatAffiliateId, uploadUrl, type OfferView } from '@affilux/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { OfferIdCell, OfferImage } from './OfferBadges';
import { offersApi, postbackUrl } from './offersApi';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 0.75 }}>
    <Typography variant="body2" color="text.secondary">{label}</Typography>
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
  </Box>
);

const Code = ({ text }: { text: string }) => (
  <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</Box>
);

/** The offer's details, read-only. */
export const OfferViewDialog = ({ offerId, onClose }: { offerId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const [offer, setOffer] = useState<OfferView>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    offersApi.get(offerId).then(setOffer, (failure) => setError(serverMessage(failure) ?? translate('app.offers.load_error')));
  }, [offerId, translate]);
  const field = (name: string) => translate(`resources.offers.fields.${name}`);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="offer-view-title" data-testid="offer-view-dialog">
      <DialogTitle id="offer-view-title">
        {offer ? translate('app.offers.view_dialog.title', { id: formatAffiliateId(offer.unique_id) }) : translate('app.offers.view')}
      </DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error">{error}</Alert>}
        {!offer && !error && <CircularProgress sx={{ display: 'block', mx: 'auto' }} />}
        {offer && (
          <Stack divider={<Divider flexItem />}>
            <Box sx={{ pb: 1 }}><OfferImage name={offer.brand_image} width="100%" maxWidth={480} /></Box>
            <Row label={field('unique_id')}><OfferIdCell offer={offer} /></Row>
            <Row label={field('brand_name')}><Typography sx={{ fontWeight: 600 }}>{offer.brand_name}</Typography></Row>
            <Row label={field('category')}><Chip size="small" label={offer.category} /></Row>
            <Row label={field('is_private')}>
              {offer.is_private ? (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {offer.private_affiliates.map((a) => (
                    <Chip key={a.affiliate_unique_id} size="small" label={`${formatAffiliateId(a.affiliate_unique_id)} · ${a.first_name} ${a.last_name}`.trim()} />
                  ))}
                </Box>
              ) : (
                translate('app.offers.public')
              )}
            </Row>
            <Row label={field('intake')}>
              <Typography>{translate(`app.offers.intake.${offer.intake}`)}</Typography>
              {offer.intake === 'postback' && offer.postback_key && <Code text={postbackUrl(offer.postback_key)} />}
            </Row>
            <Row label={field('script_code_ppt')}>{offer.script_code_ppt ? <Code text={offer.script_code_ppt} /> : translate('app.offers.view_dialog.no_script')}</Row>
            <Row label={field('script_code_sale')}>{offer.script_code_sale ? <Code text={offer.script_code_sale} /> : translate('app.offers.view_dialog.no_script')}</Row>
            <Row label={field('templates')}>
              {offer.templates.length === 0 && <Typography color="text.secondary">{translate('app.offers.template.none')}</Typography>}
              <Stack spacing={1.5}>
                {offer.templates.map((t) => (
                  <Box key={t.id} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                    {t.template_image ? (
                      <Box component="img" src={uploadUrl(t.template_image)} alt="" sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }} />
                    ) : (
                      <Box sx={{ width: 96, height: 72, borderRadius: 1, bgcolor: 'grey.100' }} />
                    )}
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography sx={{ fontWeight: 600 }}>
                        {translate('app.offers.template.title', { id: t.id })} {t.is_modular && <Chip size="small" color="info" label={translate('app.offers.template.modular')} sx={{ ml: 1 }} />}
                      </Typography>
                      {[['link', t.template_link], ['link_ppt', t.template_link_ppt], ['link_sale', t.template_link_sale]].filter(([, v]) => v).map(([k, v]) => (
                        <Typography key={k} variant="body2" sx={{ overflowWrap: 'anywhere' }}>{translate('app.offers.view_dialog.labelled', { label: translate(`app.offers.template.${k}`), value: v })}</Typography>
                      ))}
                      {t.is_modular && (
                        <Typography variant="body2" color="text.secondary">
                          {translate('app.offers.view_dialog.labelled', { label: translate('app.offers.view_dialog.keys'), value: t.modulation_keys.map((k) => (k.description ? `${k.key} (${k.description})` : k.key)).join(', ') || '—' })}
                        </Typography>
                      )}
                    </Box>
                  </Box>
                ))}
              </Stack>
            </Row>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="offer-view-close">{translate('app.offers.view_dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
