import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The sentence under a page's title that says what the page is for. */
export const PageIntro = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
      {translate(text)}
    </Typography>
  );
};
