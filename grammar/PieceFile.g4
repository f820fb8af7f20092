// Piece files (.fairy): a game's board and pieces, each piece's movement in
// any notation fairyc reads. docs/piece-files.md describes the language:
//
//   game "Orthodox chess";
//   board 8x8;                          // or 5x5x5; "missing d4, e5-f6"
//   board 9x10 style xiangqi;           // how pictures draw it
//   include "common.fairy";
//   piece knight N betza "N";
//   piece pawn P {
//     white betza "fmWfceF";            // a side's own movement
//     black betza "fmWfceF";
//   }
//   piece king K royal betza "K";
//   start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
//   promotion a8-h8;                    // White's; Black's turned half round
//   zone 1 a2-h2;                       // squares guard<zone 1> tests
//
// The grammar only gives the structure; names, letters, squares, escapes
// in strings and the notation strings themselves are checked by the reader
// (lib/PieceFile/PieceFileReader.cpp), which can say precisely what is
// wrong and where.
grammar PieceFile;

pieceFile : statement* EOF ;

statement
  : gameDecl
  | boardDecl
  | includeDecl
  | pieceDecl
  | startDecl
  | promotionDecl
  | zoneDecl
  | confineDecl
  | promoteDecl
  | castlingDecl
  | dropsDecl
  | variantsIniDecl
  ;

gameDecl    : GAME STRING SEMI ;
boardDecl   : BOARD SIZE (MISSING squareSpan (COMMA squareSpan)*)?
              (styleKey=NAME styleName=NAME)? SEMI ;
squareSpan  : NAME (DASH NAME)? ;
includeDecl : INCLUDE STRING SEMI ;
pieceDecl   : PIECE pieceName letter=NAME ROYAL? pieceBody ;
pieceName   : NAME | STRING ;
pieceBody   : movement | LBRACE movement* RBRACE ;
movement    : side=(WHITE | BLACK)? notation=NAME STRING SEMI ;
startDecl   : START STRING SEMI ;
promotionDecl : PROMOTION side=(WHITE | BLACK)? squareSpan (COMMA squareSpan)* SEMI ;
zoneDecl    : ZONE NUMBER squareSpan (COMMA squareSpan)* SEMI ;
confineDecl : CONFINE letter=NAME side=(WHITE | BLACK)? squareSpan
              (COMMA squareSpan)* SEMI ;
// The words after the keyword ("P to Q R B N", "K with R to g c",
// "captured") are read by the reader, which names what is wrong.
promoteDecl  : PROMOTE NAME* SEMI ;
castlingDecl : CASTLING NAME* SEMI ;
dropsDecl    : DROPS NAME* SEMI ;
variantsIniDecl : VARIANTS_INI ;

GAME    : 'game' ;
BOARD   : 'board' ;
MISSING : 'missing' ;
INCLUDE : 'include' ;
PIECE   : 'piece' ;
ROYAL   : 'royal' ;
WHITE   : 'white' ;
BLACK   : 'black' ;
START   : 'start' ;
PROMOTION : 'promotion' ;
ZONE    : 'zone' ;
CONFINE : 'confine' ;
PROMOTE : 'promote' ;
CASTLING : 'castling' ;
DROPS   : 'drops' ;
// Fairy-Stockfish's keys verbatim, one `key = value` per line, up to the
// first '}' (no value of Fairy-Stockfish's has one).
VARIANTS_INI : 'variants-ini' [ \t\r\n]* '{' ~[}]* '}' ;

SEMI   : ';' ;
COMMA  : ',' ;
DASH   : '-' ;
LBRACE : '{' ;
RBRACE : '}' ;

// (An upper-case X is read too, so that the reader can say how it is
// written, with the fix-it, rather than "found '10'".)
SIZE   : [0-9]+ [xX] [0-9]+ ([xX] [0-9]+)? ;
NUMBER : [0-9]+ ;
NAME   : [A-Za-z_] [A-Za-z0-9_]* ;
// Escapes are checked by the reader; a string ends at its line.
STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"' ;
UNTERMINATED_STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])* ;

LINE_COMMENT  : ('//' | '#') ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
// A comment with no end: no '*/' anywhere up to the end of the file.
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF ;
WS : [ \t\r\n]+ -> skip ;
// Anything else is a token of its own, so that the parser reports it.
OTHER : . ;
