// `npm run bench` prints performance figures; it is never part of `npm test`.
console.log('no benchmarks yet');
