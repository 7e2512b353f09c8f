import { Router } from 'express';
import type { AppDeps } from '../app';

export function securityApi(_deps: AppDeps) {
  return Router();
}
