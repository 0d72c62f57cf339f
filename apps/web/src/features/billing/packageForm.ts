import {
  type BillingPackage,
  type PackageSave,
  type PackageStatus,
  type PackageType,
} from '@platform/contract';
import { dateTimeInputOf, instantOfInput } from '../../shared/dates';
import { fenOf, yuanInputOf } from './format';

/**
 * The package form: what the inputs hold (the price in yuan, the effective time as a
 * `DateTimeField` value) and the save body made of it, checked by the contract's schema.
 */

export const packageFields = [
  'name',
  'type',
  'hoursPerYear',
  'priceFen',
  'periodMonths',
  'status',
  'stacking',
  'effect',
  'effectiveAt',
  'courseIds',
  'majors',
] as const;
export type PackageField = (typeof packageFields)[number];

export interface PackageFormValues {
  name?: string;
  type?: PackageType;
  hoursPerYear?: number | null;
  /** In yuan; sent as fen. */
  priceFen?: number | null;
  periodMonths?: number | null;
  status?: PackageStatus;
  stacking?: PackageSave['stacking'];
  effect?: PackageSave['effect'];
  effectiveAt?: string;
  courseIds?: string[];
  majors?: PackageSave['majors'];
}

export function packageValuesOf(pkg: BillingPackage | undefined): PackageFormValues {
  if (!pkg)
    return {
      name: '',
      type: 'timed',
      periodMonths: 12,
      status: 'effective',
      stacking: 'validity',
      effect: 'immediate',
      effectiveAt: '',
      courseIds: [],
      majors: [],
    };
  return {
    name: pkg.name,
    type: pkg.type,
    hoursPerYear: pkg.hoursPerYear,
    priceFen: yuanInputOf(pkg.priceFen),
    periodMonths: pkg.periodMonths,
    status: pkg.status,
    stacking: pkg.stacking,
    effect: pkg.effect,
    effectiveAt: dateTimeInputOf(pkg.effectiveAt),
    courseIds: pkg.courseIds,
    majors: pkg.majors,
  };
}

export function packageBodyOf(values: PackageFormValues, original?: BillingPackage): PackageSave {
  const untimed = values.type === 'untimed';
  return {
    ...(original ? { id: original.id } : {}),
    name: (values.name ?? '').trim(),
    type: values.type as PackageType,
    // An untimed package is not counted in hours.
    hoursPerYear: untimed ? 0 : (values.hoursPerYear ?? undefined),
    priceFen: fenOf(values.priceFen),
    periodMonths: values.periodMonths ?? undefined,
    status: values.status as PackageStatus,
    stacking: values.stacking as PackageSave['stacking'],
    effect: values.effect as PackageSave['effect'],
    effectiveAt:
      values.effect === 'scheduled' ? (instantOfInput(values.effectiveAt) ?? null) : null,
    courseIds: values.courseIds ?? [],
    majors: values.majors ?? [],
  };
}
