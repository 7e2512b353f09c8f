import { createTheme } from '@mui/material/styles';

export const theme = createTheme({ palette: { primary: { main: '#e6007e' } } });
