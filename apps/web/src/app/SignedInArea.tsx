import { MainLayout } from '../features/layout/MainLayout';
import { addFeatureTexts } from '../features';
import { viewFor } from './viewRegistry';

// The features' texts load with this chunk, before any of their views renders.
addFeatureTexts();

/** The signed-in area (/:schUrl/*): the layout, showing the features' menu views. */
export function SignedInArea() {
  return <MainLayout viewFor={viewFor} />;
}
