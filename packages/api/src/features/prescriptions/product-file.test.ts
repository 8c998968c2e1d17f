import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/index';
import { ProductFileError, parseProductFile } from './product-file';

// The FDA NDC Directory's own format fixtures, from openFDA's tests (test/fixtures/NOTICE.md).
const fixtures = path.join(repoRoot, 'packages/api/test/fixtures/fda-ndc');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name));
const HEADER =
  'PRODUCTID\tPRODUCTNDC\tPRODUCTTYPENAME\tPROPRIETARYNAME\tPROPRIETARYNAMESUFFIX\tNONPROPRIETARYNAME\tDOSAGEFORMNAME\tROUTENAME\tSTARTMARKETINGDATE\tENDMARKETINGDATE\tMARKETINGCATEGORYNAME\tAPPLICATIONNUMBER\tLABELERNAME\tSUBSTANCENAME\tACTIVE_NUMERATOR_STRENGTH\tACTIVE_INGRED_UNIT\tPHARM_CLASSES\tDEASCHEDULE\tNDC_EXCLUDE_FLAG\tLISTING_RECORD_CERTIFIED_THROUGH';
const row = (over: Partial<Record<string, string>> = {}) => {
  const v: Record<string, string> = {
    PRODUCTID: '0000-0001_test',
    PRODUCTNDC: '0000-0001',
    PRODUCTTYPENAME: 'HUMAN PRESCRIPTION DRUG',
    PROPRIETARYNAME: 'Brandol',
    PROPRIETARYNAMESUFFIX: '',
    NONPROPRIETARYNAME: 'examplol',
    DOSAGEFORMNAME: 'TABLET',
    ROUTENAME: 'ORAL',
    STARTMARKETINGDATE: '20200101',
    ENDMARKETINGDATE: '',
    MARKETINGCATEGORYNAME: 'ANDA',
    APPLICATIONNUMBER: 'ANDA000000',
    LABELERNAME: 'Test Labs',
    SUBSTANCENAME: 'EXAMPLOL HYDROCHLORIDE',
    ACTIVE_NUMERATOR_STRENGTH: '10',
    ACTIVE_INGRED_UNIT: 'mg/1',
    PHARM_CLASSES: '',
    DEASCHEDULE: '',
    NDC_EXCLUDE_FLAG: 'N',
    LISTING_RECORD_CERTIFIED_THROUGH: '20251231',
    ...over,
  };
  return HEADER.split('\t')
    .map((c) => v[c])
    .join('\t');
};
const file = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\n') + '\n', 'utf8');

describe('parseProductFile on the FDA fixtures', () => {
  it('reads product_trimmed.txt: names, NDC, form, routes, ingredients with strengths, dates, classes', () => {
    const f = parseProductFile(read('product_trimmed.txt'));
    expect(f.kind).toBe('finished');
    expect(f.rowsTotal).toBe(3);
    expect(f.products.map((p) => p.productNdc)).toEqual(['0002-0800', '0002-1200', '0002-1407']);
    const quinidine = f.products[2]!;
    expect(quinidine).toMatchObject({
      source: 'fda-ndc',
      sourceKey: '0002-1407_14757f9d-f641-4836-acf3-229265588d1d',
      brandName: 'Quinidine Gluconate',
      genericName: 'Quinidine Gluconate',
      labelerName: 'Eli Lilly and Company',
      dosageForm: 'SOLUTION',
      routes: ['INTRAVENOUS'],
      activeIngredients: [{ name: 'QUINIDINE GLUCONATE', strength: '80 mg/mL' }],
      ingredientKeys: ['quinidine'],
      productType: 'HUMAN PRESCRIPTION DRUG',
      marketingCategory: 'NDA',
      applicationNumber: 'NDA007529',
      marketingStartDate: '19500712',
      marketingEndDate: '',
      pharmClasses: ['Antiarrhythmic [EPC]', 'Cytochrome P450 2D6 Inhibitor [EPC]', 'Cytochrome P450 2D6 Inhibitors [MoA]'],
      finished: true,
    });
    expect(quinidine.searchText).toContain('quinidine gluconate');
    expect(quinidine.searchText).toContain('0002-1407');
    expect(quinidine.searchText).toContain('00021407');
  });

  it('splits routes with irregular spacing and keeps the brand suffix; mismatched strengths are left blank with a warning', () => {
    const f = parseProductFile(read('product_trimmed.txt'));
    const amyvid = f.products[1]!;
    expect(amyvid.routes).toEqual(['INTRALESIONAL', 'INTRAMUSCULAR', 'INTRASYNOVIAL', 'SOFT TISSUE']);
    expect(amyvid.brandName).toBe('Amyvid III');
    expect(amyvid.brandNameBase).toBe('Amyvid');
    expect(amyvid.brandNameSuffix).toBe('III');
    expect(amyvid.marketingEndDate).toBe('20180910');
    expect(amyvid.deaSchedule).toBe('DEA');
    // 4 substances, 3 strengths, 2 units: never paired wrongly.
    expect(amyvid.activeIngredients).toEqual(['ALENDRONATE SODIUM', 'CHOLECALCIFEROL', 'FLUORIDE', 'ZINC'].map((name) => ({ name, strength: '' })));
    expect(f.rejected).toBe(0);
    expect(f.warnings).toBe(1);
    expect(f.problems).toEqual([{ line: 3, productId: amyvid.sourceKey, level: 'warning', reason: '4 substance(s), 3 strength(s) and 2 unit(s): strengths left blank rather than paired' }]);
  });

  it('reads the unfinished product file (no proprietary name or route columns) as unfinished products', () => {
    const f = parseProductFile(read('unfinished_product_trimmed.txt'));
    expect(f.kind).toBe('unfinished');
    expect(f.products).toHaveLength(3);
    expect(f.products.every((p) => !p.finished && p.routes.length === 0 && p.brandName === '')).toBe(true);
    expect(f.products[2]).toMatchObject({ genericName: 'Dulaglutide', productType: 'DRUG FOR FURTHER PROCESSING', activeIngredients: [{ name: 'DULAGLUTIDE', strength: '.75 mg/.5mL' }] });
    expect(f.problems).toEqual([]);
  });

  it('reads the annotation fixture (three Viagra strengths under one application)', () => {
    const f = parseProductFile(read('annotation-product.txt'));
    expect(f.products.map((p) => p.activeIngredients[0]!.strength)).toEqual(['25 mg/1', '50 mg/1', '100 mg/1']);
    expect(f.products.map((p) => p.ingredientKeys)).toEqual([['sildenafil'], ['sildenafil'], ['sildenafil']]);
  });

  it('refuses the bad-UTF-8 fixture and the package file as a whole: they are not product files', () => {
    expect(() => parseProductFile(read('badutf8.txt'))).toThrow(ProductFileError);
    expect(() => parseProductFile(read('badutf8.txt'))).toThrow(/lacks the column\(s\) PRODUCTID, PRODUCTNDC/);
    expect(() => parseProductFile(read('package_trimmed.txt'))).toThrow(/NONPROPRIETARYNAME/);
    expect(() => parseProductFile(Buffer.alloc(0))).toThrow(ProductFileError);
  });
});

describe('parseProductFile on bad rows', () => {
  it('reads a row that is not UTF-8 as Windows-1252 and says so', () => {
    const bytes = Buffer.concat([Buffer.from(HEADER + '\n'), Buffer.from(row({ PROPRIETARYNAME: 'Brandol\u00ae' }), 'latin1'), Buffer.from('\n')]);
    const f = parseProductFile(bytes);
    expect(f.products[0]!.brandName).toBe('Brandol®');
    expect(f.problems).toEqual([{ line: 2, productId: '0000-0001_test', level: 'warning', reason: 'bytes that are not UTF-8 were read as Windows-1252' }]);
  });

  it('rejects rows that cannot be products and loads the others', () => {
    const f = parseProductFile(
      file(
        row(),
        row({ PRODUCTID: '' }),
        row({ PRODUCTID: 'x2', PRODUCTNDC: '12-34' }),
        row({ PRODUCTID: 'x3', PROPRIETARYNAME: '', NONPROPRIETARYNAME: '' }),
        row({ PRODUCTID: 'x4' }).split('\t').slice(0, 5).join('\t'),
        row({ PRODUCTID: 'x5', LABELERNAME: 'a\u0000b' }),
        '',
        row({ PRODUCTID: 'x6', PRODUCTNDC: '12345-678', STARTMARKETINGDATE: '2020-01-01' }),
      ),
    );
    expect(f.rowsTotal).toBe(7);
    expect(f.products.map((p) => p.sourceKey)).toEqual(['0000-0001_test', 'x6']);
    expect(f.rejected).toBe(5);
    expect(f.problems.map((p) => [p.line, p.level, p.reason])).toEqual([
      [3, 'error', 'PRODUCTID is empty'],
      [4, 'error', 'PRODUCTNDC "12-34" is not a labeler-product NDC (4-4, 5-3 or 5-4 digits)'],
      [5, 'error', 'neither PROPRIETARYNAME nor NONPROPRIETARYNAME is given'],
      [6, 'error', 'has 5 field(s), the header has 20'],
      [7, 'error', 'contains a NUL character'],
      [9, 'warning', 'STARTMARKETINGDATE "2020-01-01" is not YYYYMMDD: left blank'],
    ]);
    expect(f.products[1]!.marketingStartDate).toBe('');
  });

  it('keeps the later of two rows with the same PRODUCTID and warns', () => {
    const f = parseProductFile(file(row({ PROPRIETARYNAME: 'Old' }), row({ PROPRIETARYNAME: 'New' })));
    expect(f.products.map((p) => p.brandName)).toEqual(['New']);
    expect(f.problems).toEqual([{ line: 3, productId: '0000-0001_test', level: 'warning', reason: 'PRODUCTID repeats line 2: this later row is kept' }]);
  });

  it('accepts CRLF line ends and a byte-order mark', () => {
    const f = parseProductFile(Buffer.from('\uFEFF' + HEADER + '\r\n' + row() + '\r\n'));
    expect(f.products).toHaveLength(1);
    expect(f.products[0]!.deaSchedule).toBe('');
    expect(f.problems).toEqual([]);
  });
});
