// The `zipcodes` package (npm, MIT) ships no types; only what lib/address-lookup.ts uses.
declare module 'zipcodes' {
  interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipInfo | undefined;
}
